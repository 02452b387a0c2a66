# Shell functions over the X display's window list (sourced by check-install.sh and
# measure-startup.sh). Needs xprop (x11-utils) and a window manager that keeps _NET_CLIENT_LIST
# (openbox does).

# Whether a managed window whose title contains TEXT is on the display.
window_shown() {
  local id
  for id in $(xprop -root _NET_CLIENT_LIST 2>/dev/null | grep -o '0x[0-9a-f]*'); do
    xprop -id "$id" _NET_WM_NAME WM_NAME 2>/dev/null | grep -qF "$1" && return 0
  done
  return 1
}

# Waits up to SECONDS for a window whose title contains TEXT; fails when none came.
wait_for_window() {
  local text=$1 seconds=$2 end
  end=$(($(date +%s) + seconds))
  while [ "$(date +%s)" -lt "$end" ]; do
    window_shown "$text" && return 0
    sleep 0.05
  done
  return 1
}
