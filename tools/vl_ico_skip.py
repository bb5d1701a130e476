#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""tools/vl_ico_skip.py OBJ_DIR PREFIX: let a clocked Verilated model skip its input logic on the
clock edge (docs/verification.md, "Throughput", "The clock edge without the input logic").

Verilator 5.006's eval() starts with the input-combinational ('ico') region, whose trigger is
"first iteration" (`__VicoTriggered.at(0) = (0U == __VicoIterCount)`): every call re-evaluates
all the logic that reads a top-level input, whether an input changed or not. The harness calls
eval() twice a cycle (lib/shim/vl_ports.h, VlHarness): once with the cycle's inputs and the
clock low, then edge(), which raises the clock and nothing else (lib/vl_model.h: "rising clock
edge with the inputs of the last eval"). On that second call the input logic is recomputed from
the same inputs and the same state, so its result is the one the first call left: the work is
wasted (32 to 44 % of a W = 32 cycle of warp_ctrl, st_rt and rmask_sb, `perf`). The clock is
not part of that logic: the edge is seen by the 'act' region's trigger, after ico, and the
flip-flops and the logic behind them are evaluated in 'nba', as before.

This script rewrites the one line of the generated eval function that starts the ico loop,
    vlSelf->__VicoIterCount = 0U;
into
    vlSelf->__VicoIterCount = (vlSelf->__VicoIterCount == 0xffffffffU) ? 1U : 0U;
so that a caller that stored the marker 0xffffffff in the root's __VicoIterCount before eval()
(VlHarness::edge does, and only there) runs no ico iteration (the trigger reads 1, not 0), and
every other eval() runs it exactly as generated (the counter is 0 or a count of the previous
call's iterations, never the marker). A model that was not rewritten ignores the marker (its
eval sets the counter to 0): slower, never wrong.

A model without an ico region (no __VicoIterCount: no logic reads an input) is left as it is.
A model with one whose eval does not have the expected line (another Verilator version) stops
the build with a message naming the file, rather than leaving the model silently slow.
"""
import glob
import os
import re
import sys

OLD = "    vlSelf->__VicoIterCount = 0U;\n    __VicoContinue = 1U;\n"
NEW = ("    vlSelf->__VicoIterCount = (vlSelf->__VicoIterCount == 0xffffffffU) ? 1U : 0U;"
       "  // tools/vl_ico_skip.py\n    __VicoContinue = 1U;\n")


def header(obj, prefix):
    """The lines lib/lib.mk appends to the model's ports.h: for a rewritten model, the function
    VlHarness::edge calls (found by argument-dependent lookup) to store the marker; nothing for
    another (vl_ports.h's fallback template, which does nothing, is then the one called)."""
    done = any(NEW in open(f).read() for f in glob.glob(os.path.join(obj, prefix + "*.cpp")))
    if not done:
        return "// tools/vl_ico_skip.py: %s has no input logic to skip on the clock edge\n" % prefix
    return ("// tools/vl_ico_skip.py: %s skips its input logic on the clock edge (VlHarness::edge)\n"
            "#include \"%s___024root.h\"\n"
            "inline vl_ico_marked vl_ico_mark(%s &t) { t.rootp->__VicoIterCount = 0xffffffffU; return {}; }\n"
            "constexpr bool vl_ico_expected(const %s *) { return true; }\n"
            % (prefix, prefix, prefix, prefix))


def selftest():
    """The script on made-up Verilator output in a scratch directory: a model with an ico loop is
    rewritten once (a second run changes nothing) and its header gets vl_ico_mark, returning the
    vl_ico_marked that VlHarness::edge's static_assert asks for, and vl_ico_expected; a model
    without ico is left as it is and its header gets neither; a model whose eval starts its ico
    loop with other text, or with two eval definitions, stops with exit 1. Exit 0 when every
    case behaves so."""
    import tempfile
    evalf = ("void Vm___024root___eval(Vm___024root* vlSelf) {\n    // Body\n%s"
             "    while (__VicoContinue) {\n    }\n}\n")
    cases = [  # (name, {file: text}, expected exit, expected rewritten, expected mark)
        ("ico", {"Vm___024root__0.cpp": "x __VicoIterCount y\n" + evalf % OLD}, 0, True, True),
        ("no ico", {"Vm___024root__0.cpp": evalf % "    __VnbaContinue = 1U;\n"}, 0, False, False),
        ("other text", {"Vm___024root__0.cpp": evalf % "    vlSelf->__VicoIterCount = 0;\n"}, 1, False, False),
        ("two evals", {"Vm___024root__0.cpp": evalf % OLD, "Vm___024root__1.cpp": evalf % OLD}, 1, False, False),
    ]
    bad = 0
    for name, files, want_rc, want_new, want_mark in cases:
        with tempfile.TemporaryDirectory() as d:
            for f, text in files.items():
                with open(os.path.join(d, f), "w") as fh:
                    fh.write(text)
            rc = main(["vl_ico_skip.py", d, "Vm"])
            rc2 = main(["vl_ico_skip.py", d, "Vm"]) if rc == 0 else rc
            texts = [open(os.path.join(d, f)).read() for f in sorted(files)]
            new = any(NEW in t for t in texts) and all(t.count(NEW) <= 1 for t in texts)
            h = header(d, "Vm")
            both = ("vl_ico_marked vl_ico_mark(Vm &" in h, "vl_ico_expected(const Vm *) { return true; }" in h)
            mark = True if all(both) else (False if not any(both) else None)   # None: one without the other
            ok = rc == want_rc and rc2 == want_rc and new == want_new and mark == want_mark
            print("vl_ico_skip selftest: %-10s exit %d, rewritten %s, vl_ico_mark %s: %s" % (
                name, rc, new, mark, "as expected" if ok else "NOT as expected"))
            bad += not ok
    print("vl_ico_skip selftest: %d of %d cases as expected" % (len(cases) - bad, len(cases)))
    return 1 if bad else 0


def main(argv):
    if len(argv) == 2 and argv[1] == "--selftest":
        return selftest()
    if len(argv) == 4 and argv[1] == "--header":
        sys.stdout.write(header(argv[2], argv[3]))
        return 0
    if len(argv) != 3:
        sys.stderr.write("usage: vl_ico_skip.py OBJ_DIR PREFIX | --header OBJ_DIR PREFIX | --selftest\n")
        return 2
    obj, prefix = argv[1], argv[2]
    files = sorted(glob.glob(os.path.join(obj, prefix + "*.cpp")))
    if not files:
        sys.stderr.write("vl_ico_skip: no %s*.cpp in %s\n" % (prefix, obj))
        return 1
    head = re.compile(r"^void %s___024root___eval\(%s___024root\* vlSelf\) \{$" % (
        re.escape(prefix), re.escape(prefix)), re.M)
    has_ico = False
    hits = []
    for f in files:
        with open(f) as fh:
            text = fh.read()
        if "__VicoIterCount" in text:
            has_ico = True
        m = head.search(text)
        if m:
            hits.append((f, text, m.start()))
    if not has_ico:
        return 0   # no input logic to skip
    if len(hits) != 1:
        sys.stderr.write("vl_ico_skip: %d definitions of %s___024root___eval in %s (expected 1): "
                         "not the Verilator 5.006 layout this script rewrites\n" % (len(hits), prefix, obj))
        return 1
    f, text, start = hits[0]
    end = text.find("\n}\n", start)
    body = text[start:end]
    if NEW in body:
        return 0   # already rewritten (the script ran twice on the same output)
    if body.count(OLD) != 1:
        sys.stderr.write("vl_ico_skip: %s: the eval function does not start its ico loop with\n%s"
                         "(Verilator 5.006's text): another Verilator version? The model would "
                         "re-evaluate its input logic on every clock edge\n" % (f, OLD))
        return 1
    text = text[:start] + body.replace(OLD, NEW) + text[end:]
    with open(f, "w") as fh:
        fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
