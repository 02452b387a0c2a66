#!/usr/bin/env bash
# Builds DRT Studio's installers from a checkout, into target/installer/:
#   drt-studio_VERSION_amd64.deb           Debian package (installs /usr/lib/drt-studio, /usr/bin/drt,
#                                          a desktop entry, an icon and MIME types)
#   drt-studio-VERSION-linux-x64.tar.gz    portable folder: unpack anywhere, run bin/drt
# Both hold the same tree: a jlink'd Java runtime with the JavaFX modules and a class-data sharing
# archive (runtime/lib/server/drt.jsa), the application jars and natives (app/), scenes/, assets/
# and bin/drt (installer/drt). Needs a JDK 17 (jlink), Maven and dpkg-deb; the CDS archive's studio
# training run needs Xvfb and openbox (as for the tests) or a DISPLAY, and is skipped without them.
# Usage: bash installer/build.sh            (docs/INSTALL.md)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
[ -n "$version" ] || { echo "build.sh: no <version> in pom.xml" >&2; exit 2; }
deb_version=${version//-/\~} # 0.1.0-SNAPSHOT -> 0.1.0~SNAPSHOT, which Debian sorts before 0.1.0
out=$root/target/installer
name=drt-studio-$version
tree=$out/stage/$name
log=$out/build.log
rm -rf "$out/stage" "$out"/*.deb "$out"/*.tar.gz
mkdir -p "$tree" "$out"
: >"$log"
step() { echo "build.sh: [${SECONDS} s] $*" >&2; }
fail() { echo "build.sh: $* (log: $log)" >&2; tail -20 "$log" >&2; exit 2; }

step "application jar (mvn package)"
mvn -q -B -Dstyle.color=never -DskipTests package >>"$log" 2>&1 || fail "mvn package failed"

# JavaFX's platform jars (the natives are inside them); the classifier-less javafx jars are empty
# shells Maven adds for the parent POM and are left out.
fx_jars=()
for j in target/lib/javafx-*-linux.jar; do fx_jars+=("$j"); done
[ ${#fx_jars[@]} -ge 3 ] || fail "no JavaFX jars in target/lib"
fx_path=$(IFS=:; echo "${fx_jars[*]}")

step "Java runtime with JavaFX (jlink)"
# No compression inside the image (--compress=0): the package's own compression does better on
# plain class files (gzip: 20 MB instead of 28 MB for lib/modules), and classes load without
# inflating. The modules the application needs (jdeps --print-module-deps over the jars): java.desktop for
# ImageIO, jdk.unsupported for LWJGL, jdk.management for the memory checks, javafx.controls for
# the studio (it requires javafx.graphics and javafx.base).
jlink --module-path "$fx_path" \
  --add-modules java.base,java.desktop,java.logging,jdk.management,jdk.unsupported,javafx.controls \
  --strip-debug --no-header-files --no-man-pages --compress=0 \
  --output "$tree/runtime" >>"$log" 2>&1 || fail "jlink failed"
# jlink keeps the natives of JavaFX's jars as module resources, which JavaFX would unpack into
# ~/.openjfx/cache at every first start; in the runtime's lib folder it loads them from there.
unpack=$out/stage/unpack
mkdir -p "$unpack"
for j in "${fx_jars[@]}" target/lib/lwjgl-*natives-linux.jar; do
  (cd "$unpack" && jar xf "$root/$j")
done
find "$unpack" -maxdepth 1 -name 'lib*.so' -exec cp {} "$tree/runtime/lib/" \;

step "application"
mkdir -p "$tree/app/lib" "$tree/app/natives" "$tree/bin"
cp target/drt.jar "$tree/app/"
classpath='$home/app/drt.jar'
for j in target/lib/*.jar; do
  case $(basename "$j") in
    javafx-*|*natives-*) ;; # JavaFX is in the runtime; LWJGL's natives are unpacked below
    *) cp "$j" "$tree/app/lib/"; classpath="$classpath:\$home/app/lib/$(basename "$j")" ;;
  esac
done
# LWJGL loads liblwjgl*.so from -Dorg.lwjgl.librarypath (set by bin/drt) instead of unpacking
# them into /tmp.
find "$unpack/linux/x64" -name 'liblwjgl*.so' -exec cp {} "$tree/app/natives/" \;
[ -f "$tree/app/natives/liblwjgl.so" ] || fail "no liblwjgl.so in LWJGL's natives jar"
rm -rf "$unpack"
sed "s|@CLASSPATH@|$classpath|" installer/drt >"$tree/bin/drt"
chmod 755 "$tree/bin/drt"
cp -r scenes assets "$tree/"
# Embree for the CPU tracer's walk (render.embree.EmbreeLibrary looks in lib/native first): the
# tarball carries Debian's libembree3 and the libtbb it links to, with their licences; the .deb
# depends on the libembree3-3 package instead (the copy is taken out of it below).
step "Embree for the CPU tracer (lib/native)"
embree=$(ldconfig -p | sed -n 's/.*libembree3\.so\.3 (libc6,x86-64) => //p' | head -1)
tbb=$(ldconfig -p | sed -n 's/.*libtbb\.so\.12 (libc6,x86-64) => //p' | head -1)
[ -n "$embree" ] && [ -n "$tbb" ] || fail "Embree 3 is not installed here (apt-get install libembree3-3); the tarball carries it"
mkdir -p "$tree/lib/native"
cp -L "$embree" "$tree/lib/native/libembree3.so.3"
cp -L "$tbb" "$tree/lib/native/libtbb.so.12"
cp /usr/share/doc/libembree3-3/copyright "$tree/lib/native/libembree3.copyright"
cp /usr/share/doc/libtbb12/copyright "$tree/lib/native/libtbb12.copyright"
mkdir -p "$tree/share/applications" "$tree/share/mime/packages" \
  "$tree/share/icons/hicolor/scalable/apps" "$tree/share/icons/hicolor/128x128/apps"
cp installer/share/drt-studio.desktop "$tree/share/applications/"
cp installer/share/drt-studio-mime.xml "$tree/share/mime/packages/drt-studio.xml"
cp installer/share/drt-studio.svg "$tree/share/icons/hicolor/scalable/apps/"
cp installer/share/drt-studio.png "$tree/share/icons/hicolor/128x128/apps/"
cp installer/README.txt "$tree/README.txt"
# The project's licence and what the installation bundles under which licences (Debian's
# machine-readable copyright format; the .deb puts it in /usr/share/doc/drt-studio/copyright).
cp LICENSE "$tree/LICENSE"
cp installer/share/copyright "$tree/COPYRIGHT"
# Every native library and program (the runtime's, LWJGL's, JavaFX's) without its symbol table
# (lintian's unstripped-binary-or-object; a few MB less): nothing calls them by debug symbol.
find "$tree" -type f \
  -exec sh -c 'for f; do if head -c4 "$f" | grep -q ELF; then strip --strip-unneeded "$f" || exit 1; fi; done' sh {} + \
  || fail "strip failed"

step "class-data sharing archive (training runs, then -Xshare:dump)"
bash installer/make-cds.sh "$tree" >>"$log" 2>&1 || fail "making the CDS archive failed"

step "portable tarball"
tarball=$out/$name-linux-x64.tar.gz
# Fixed owner and sorted names, so the archive does not depend on who built it.
tar -C "$out/stage" --owner=0 --group=0 --numeric-owner --sort=name -czf "$tarball" "$name"

step "Debian package"
pkg=$out/stage/deb
mkdir -p "$pkg/DEBIAN" "$pkg/usr/lib" "$pkg/usr/bin" "$pkg/usr/share/doc/drt-studio"
cp -al "$tree" "$pkg/usr/lib/drt-studio" # hard links: no second copy of 130 MB
# The desktop files go where the desktop looks for them; the tree keeps no second copy.
mv "$pkg/usr/lib/drt-studio/share/"* "$pkg/usr/share/"
rmdir "$pkg/usr/lib/drt-studio/share"
mv "$pkg/usr/lib/drt-studio/README.txt" "$pkg/usr/share/doc/drt-studio/"
rm -r "$pkg/usr/lib/drt-studio/lib" # the package depends on Debian's libembree3-3 instead
ln -s ../lib/drt-studio/bin/drt "$pkg/usr/bin/drt"
cp assets/LICENSES.md "$pkg/usr/share/doc/drt-studio/"
cp installer/share/copyright "$pkg/usr/share/doc/drt-studio/copyright"
mkdir -p "$pkg/usr/share/lintian/overrides"
cp installer/share/lintian-overrides "$pkg/usr/share/lintian/overrides/drt-studio"
rm "$pkg/usr/lib/drt-studio/LICENSE" "$pkg/usr/lib/drt-studio/COPYRIGHT" # the doc folder's copyright says it all
# A native package's changelog: one entry for the version, dated by the commit it is built from.
when=$(git log -1 --format=%cD 2>/dev/null || date -R)
commit=$(git rev-parse --short=10 HEAD 2>/dev/null || echo unknown)
printf 'drt-studio (%s) unstable; urgency=medium\n\n  * Built from commit %s; what changed: the project'"'"'s history.\n\n -- DRT Studio developers <drt-studio@users.noreply.invalid>  %s\n' \
  "$deb_version" "$commit" "$when" | gzip -9n >"$pkg/usr/share/doc/drt-studio/changelog.gz"
size=$(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
# Depends: what a headless render needs (a render farm's node installs the package with
# apt-get --no-install-recommends and gets no GTK, X11 or GL: check-install.sh checks that such a
# render loads nothing else). Recommends: the studio's window (GTK 3, X11, fonts, sound: what
# JavaFX's and the runtime's desktop natives link) and OpenGL through EGL (the GPU is optional).
depends="libc6, libgcc-s1, libstdc++6, zlib1g, libjpeg62-turbo, liblcms2-2, libembree3-3"
recommends="libgtk-3-0, libglib2.0-0, libatk1.0-0, libcairo2, libcairo-gobject2, libgdk-pixbuf-2.0-0, libpango-1.0-0, \
libpangocairo-1.0-0, libpangoft2-1.0-0, libharfbuzz0b, libfontconfig1, libfreetype6, libpng16-16, libgif7, libasound2, \
libx11-6, libxext6, libxi6, libxrender1, libxtst6, libxxf86vm1, libgl1, libegl1, libegl-mesa0, libgl1-mesa-dri"
sed -e "s|@VERSION@|$deb_version|" -e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$depends|" -e "s|@RECOMMENDS@|$recommends|" installer/control.in >"$pkg/DEBIAN/control"
# The shared MIME database, the desktop database and the icon cache are refreshed by dpkg triggers
# of their own packages (shared-mime-info, desktop-file-utils, GTK), so no maintainer scripts.
chmod -R u+rwX,go+rX,go-w "$pkg"
deb=$out/drt-studio_${deb_version}_amd64.deb
# --root-owner-group: files owned by root in the package without fakeroot. gzip at tar's level 6
# (dpkg-deb's default is 9); xz would make it smaller but took over three minutes here, and zstd
# packages do not install with older dpkg versions.
dpkg-deb --root-owner-group -Zgzip -z6 --build "$pkg" "$deb" >>"$log" 2>&1 || fail "dpkg-deb failed"
rm -rf "$pkg"

ls -l "$deb" "$tarball" | awk '{printf "build.sh: %s (%.1f MB)\n", $NF, $5 / 1e6}' >&2
