package org.drtstudio;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import org.drtstudio.app.Main;
import org.drtstudio.io.support.SceneFolder;
import org.drtstudio.scene.Material;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Who may use whom (DESIGN.md, docs/ARCHITECTURE.md "Packages"), checked on the compiled main
 * classes: JavaFX only in the studio, LWJGL only in {@code render.gl}, {@code render.embree} (the
 * native library behind the CPU tracer's walk) and {@code io.image.exr} (tinyexr, the EXR codec), the core (math, the scene
 * packages, accel, render, render.cpu, io) free of both and of everything built on it, and no
 * package cycles. The app, cli and bench packages reach GL and the studio only through
 * {@code render.gl}'s and {@code studio}'s own classes ({@code app.Backends} picks the GL tracer,
 * {@code app.StudioEntry} opens the studio, bench times the GL tracer), never LWJGL or JavaFX
 * directly.
 */
@AnalyzeClasses(packages = "org.drtstudio", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    /**
     * The OpenEXR codec: tinyexr through LWJGL's binding (plain JNI over native memory, no GL context,
     * no display), so it runs headless wherever the core does. Its one class, {@code TinyExr}, is the
     * only LWJGL the core reaches, and only io.image's EXR writer uses it.
     */
    private static final String EXR_CODEC = "org.drtstudio.io.image.exr..";
    private static final String[] CORE = {"org.drtstudio.math..", "org.drtstudio.scene..", "org.drtstudio.accel..",
            "org.drtstudio.render", "org.drtstudio.render.denoise..", "org.drtstudio.render.adaptive..",
            "org.drtstudio.render.multigpu..", "org.drtstudio.render.sampling..", "org.drtstudio.render.cpu..", "org.drtstudio.io.."};

    @ArchTest
    static final ArchRule javafxOnlyInTheStudio = noClasses()
            .that().resideOutsideOfPackage("org.drtstudio.studio..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.javafx..")
            .because("the studio is the only JavaFX code; the CLI and headless renders must load without it");

    @ArchTest
    static final ArchRule lwjglOnlyInTheGlTracerAndTheEmbreeBinding = noClasses()
            .that().resideOutsideOfPackages("org.drtstudio.render.gl..", "org.drtstudio.render.embree..", EXR_CODEC)
            .should().dependOnClassesThat().resideInAnyPackage("org.lwjgl..")
            .because("GL calls live behind render.gl's wrappers and its GL thread, Embree's behind render.embree's, "
                    + "tinyexr's behind io.image.exr's one class");

    @ArchTest
    static final ArchRule theCoreIsFreeOfUiGlAndWhatIsBuiltOnIt = noClasses()
            .that().resideInAnyPackage(CORE).and().resideOutsideOfPackage(EXR_CODEC)
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.javafx..", "org.lwjgl..",
                    "org.drtstudio.render.gl..", "org.drtstudio.studio..", "org.drtstudio.cli..", "org.drtstudio.app..",
                    "org.drtstudio.bench..")
            .because("the core runs headless on any machine and is what the front ends are built on");

    @ArchTest
    static final ArchRule theSceneDependsOnNothingAboveIt = noClasses()
            .that().resideInAnyPackage("org.drtstudio.scene..")
            .should().dependOnClassesThat().resideInAnyPackage("org.drtstudio.io..", "org.drtstudio.accel..",
                    "org.drtstudio.render..", "com.fasterxml..")
            .because("the scene is plain data: readers, packers and renderers read it, never the reverse");

    @ArchTest
    static final ArchRule theStudioStaysOffGlAndTheFrontEnds = noClasses()
            .that().resideInAnyPackage("org.drtstudio.studio..")
            .should().dependOnClassesThat().resideInAnyPackage("org.drtstudio.render.gl..", "org.drtstudio.cli..",
                    "org.drtstudio.app..")
            .because("the studio gets its renderer from a factory (app.Backends) and is opened by the launcher");

    /**
     * The studio's own package is its shell (the window, its file work, the responsiveness probe),
     * which wires the sub-packages together; a part (viewport, preview, panels, …) never reaches back
     * into it. The parts' order among themselves is kept by {@link #noPackageCycles}.
     */
    @ArchTest
    static final ArchRule theStudiosPartsStayOffItsShell = noClasses()
            .that().resideInAPackage("org.drtstudio.studio.*..")
            .should().dependOnClassesThat().resideInAPackage("org.drtstudio.studio")
            .because("the window wires the parts together; a part that used the window would tie every part to every other");

    @ArchTest
    static final ArchRule thePreviewLoopKnowsNoScreen = noClasses()
            .that().resideInAnyPackage("org.drtstudio.studio.preview..", "org.drtstudio.studio.edit..")
            .should().dependOnClassesThat().resideInAnyPackage("org.drtstudio.studio.viewport..", "org.drtstudio.studio.panels..",
                    "org.drtstudio.studio.inspector..", "org.drtstudio.studio.window..", "org.drtstudio.studio.dialogs..")
            .because("the render loop and the editing state are tested without a window; the screen reads them, never the reverse");

    @ArchTest
    static final ArchRule theHeadlessFrontEndsStayOffTheStudio = noClasses()
            .that().resideInAnyPackage("org.drtstudio.cli..", "org.drtstudio.bench..")
            .should().dependOnClassesThat().resideInAnyPackage("org.drtstudio.studio..")
            .because("drt render and drt bench run without JavaFX; the launcher (app) opens the studio");

    /**
     * A material read from a file names only files {@code io.support.SceneFolder} checked (issue 37):
     * in the readers, a texture reaches a material through {@code SceneFolder.ConfinedPath.textures}
     * alone, so a reader that took a texture name from its file cannot pass it on unchecked.
     */
    @ArchTest
    static final ArchRule readersGiveMaterialsOnlyCheckedTextures = noClasses()
            .that().resideInAPackage("org.drtstudio.io..")
            .and().doNotHaveFullyQualifiedName(SceneFolder.ConfinedPath.class.getName())
            .should().callMethod(Material.Builder.class, "diffuseTexture", String.class)
            .orShould().callMethod(Material.Builder.class, "bump", String.class, float.class)
            .orShould().callMethod(Material.class, "withDiffuseTexture", String.class)
            .orShould().callMethod(Material.class, "withBump", String.class, float.class)
            .because("every path a reader takes from a file goes through SceneFolder's one check");

    /**
     * The product jar (the main classes, what {@code drt.jar} packs) has one entry point: research and
     * measurement programs are lab programs in the test tree ({@code org.drtstudio.lab}, run with
     * {@code scripts/lab.sh}), built and smoke-run with the tests but not shipped.
     */
    @ArchTest
    static final ArchRule theApplicationIsTheOnlyMain = methods()
            .that().haveName("main").and().areStatic().and().haveRawParameterTypes(String[].class)
            .should().beDeclaredIn(Main.class)
            .because("the product ships drt and nothing else; lab programs live in src/test/java/org/drtstudio/lab");

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("org.drtstudio.(**)").should().beFreeOfCycles();
}
