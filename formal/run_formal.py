#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Run every SymbiYosys proof of the project and write build/formal/summary.md.

A proof is one task of one formal/**/*.sby file (a file without [tasks] is one proof). Each
runs in its own work directory, build/formal/<path of the .sby below formal/>/<task>
(e.g. build/formal/arb/arb_spec/pc_w8_sp2_delay), one at a time, from the repository root:
the .sby [files] paths are relative to it, and YoWASP tools only see files below the current
directory. One progress line is printed per proof as it finishes; the summary is written
whatever happens (also on failure or Ctrl-C), and the exit status is non-zero if any proof
did not pass.

usage: run_formal.py [--sby CMD] [--only NAME]... [--tasks GLOB] [--all] [--timeout S] [--list]
  --sby CMD      how to call SymbiYosys (a shell word list; default $SBY or 'sby')
  --only NAME    only the .sby files with this base name or path (repeatable)
  --tasks GLOB   only the tasks matching this shell glob (e.g. 'uni_w8_*'; several, separated
                 by spaces: any of them), among all the tasks of the selected files, default or not
  --all          every task, not only the default ones (a .sby whose [tasks] tag some
                 tasks 'default' runs only those by default); also FORMAL_ALL=1
  --timeout S    stop a proof after S seconds (reported TIMEOUT); 0 = none (default)
  --list         list the proofs that would run, and exit
A run restricted by --only or --tasks writes build/formal/summary-<selection>.md instead, so
that it does not overwrite the summary of the full run.
"""
import argparse
import fnmatch
import glob
import os
import re
import shlex
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = "build/formal"


def sby_files():
    return sorted(glob.glob("formal/**/*.sby", recursive=True))


def proof_name(sby):
    return os.path.splitext(os.path.basename(sby))[0]


def list_tasks(sby_cmd, sby, everything):
    """Default tasks (or all tasks) of a .sby file, [None] if it has no [tasks] section."""
    flag = "--dumptasks" if everything else "--dumpdefaults"
    r = subprocess.run(sby_cmd + [flag, sby], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{sby}: sby {flag} failed:\n{r.stderr.strip()}")
    tasks = [t for t in r.stdout.split() if t]
    return tasks or [None]


def read_options(cfg_path):
    """mode and depth from the [options] section of the work dir's config.sby."""
    mode, depth = None, None
    try:
        section = None
        for line in open(cfg_path):
            line = line.strip()
            m = re.match(r"^\[(\w+)", line)
            if m:
                section = m.group(1)
                continue
            if section == "options" and line and not line.startswith("#"):
                parts = line.split()
                if parts[0] == "mode" and len(parts) > 1:
                    mode = parts[1]
                elif parts[0] == "depth" and len(parts) > 1:
                    depth = parts[1]
    except OSError:
        pass
    return mode, depth


def has_state(workdir):
    """True if the SMT-LIB model of the proof holds registers or memories."""
    found_model = False
    for f in glob.glob(os.path.join(workdir, "model", "*.smt2")):
        found_model = True
        with open(f, errors="replace") as fh:
            for line in fh:
                if line.startswith("; yosys-smt2-register") or line.startswith("; yosys-smt2-memory"):
                    return True
    return None if not found_model else False


def describe(status, mode, depth, stateful):
    """The qualifier printed after PASS/FAIL: what kind of result this is."""
    d = depth if depth is not None else "20"
    if status not in ("PASS", "FAIL"):
        return f"{mode or '?'}, depth {d}"
    if status == "FAIL":
        return {"prove": f"prove, depth {d}: counterexample or induction failure",
                "cover": f"cover, depth {d}: unreached cover"}.get(
                    mode, f"{mode or '?'} depth {d}: counterexample")
    if mode == "prove":
        return f"proven, k-induction depth {d}" if status == "PASS" else f"prove, depth {d}"
    if mode == "cover":
        return f"covered, depth {d}" if status == "PASS" else f"cover, depth {d}"
    if mode == "bmc":
        if stateful is False and status == "PASS":
            # No register and no memory in the model: the one step of a BMC covers every
            # input valuation, so the bounded result is complete.
            return f"proven: combinational, bmc depth {d}"
        return f"bounded, bmc depth {d}"
    return f"{mode or '?'}, depth {d}"


def parse_log(workdir):
    """(status, failed assertions, trace files) from the work dir's logfile.txt."""
    status, asserts, traces = None, [], []
    try:
        text = open(os.path.join(workdir, "logfile.txt"), errors="replace").read()
    except OSError:
        return status, asserts, traces
    m = re.findall(r"DONE \((\w+), rc=\d+\)", text)
    if m:
        status = m[-1]
    for line in text.splitlines():
        a = re.search(r"(Assert failed in .*|Unreached cover statement .*)$", line)
        if a and a.group(1) not in asserts:
            asserts.append(a.group(1).strip())
        t = re.search(r"(?:Writing trace to VCD file|counterexample trace[^:]*|trace[^:]*):\s*(\S+\.vcd)", line)
        if t:
            path = t.group(1)
            if not path.startswith(workdir):
                path = os.path.join(workdir, path)
            if path not in traces and os.path.exists(path):
                traces.append(path)
    return status, asserts, traces


def run_one(sby_cmd, sby, task, timeout):
    rel = os.path.splitext(os.path.relpath(sby, "formal"))[0]
    workdir = os.path.join(OUT, rel, task or "run")
    os.makedirs(os.path.dirname(workdir), exist_ok=True)
    cmd = sby_cmd + ["-f", "-d", workdir, sby] + ([task] if task else [])
    log = os.path.join(OUT, rel, f"{task or 'run'}.sby.log")
    t0 = time.time()
    timed_out = False
    with open(log, "w") as lf:
        p = subprocess.Popen(cmd, stdout=lf, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            p.wait(timeout=timeout or None)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(p.pid, signal.SIGTERM)
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        except BaseException:
            os.killpg(p.pid, signal.SIGTERM)
            p.wait()
            raise
    secs = time.time() - t0
    status, asserts, traces = parse_log(workdir)
    if timed_out:
        status = "TIMEOUT"
    elif status is None:
        status = "ERROR"
    mode, depth = read_options(os.path.join(workdir, "config.sby"))
    return {
        "proof": proof_name(sby), "sby": sby, "task": task or "-", "workdir": workdir,
        "log": log, "status": status, "rc": p.returncode, "mode": mode, "depth": depth,
        "stateful": has_state(workdir), "secs": secs, "asserts": asserts, "traces": traces,
    }


def fmt_secs(s):
    return f"{s:.0f} s" if s < 600 else f"{s / 60:.1f} min"


def write_summary(path, results, planned, selection, total_secs, interrupted):
    passed = sum(r["status"] == "PASS" for r in results)
    failed = len(results) - passed
    lines = ["# Formal proofs", ""]
    lines.append(f"Selection: {selection}. {len(results)} of {planned} proofs run, "
                 f"{passed} passed, {failed} failed, in {fmt_secs(total_secs)}"
                 + (" (interrupted)." if interrupted else "."))
    lines.append("")
    lines.append("A bmc proof of a model with no register and no memory is complete (one step "
                 "covers every input valuation): it is reported as proven, combinational.")
    lines.append("")
    by_proof = {}
    for r in results:
        by_proof.setdefault(r["proof"], []).append(r)
    lines.append("| proof | tasks | result | mode/depth | time |")
    lines.append("| --- | --- | --- | --- | --- |")
    for name, rs in by_proof.items():
        p = sum(r["status"] == "PASS" for r in rs)
        modes = sorted({f"{r['mode']}/{r['depth'] or 20}" for r in rs})
        res = "PASS" if p == len(rs) else f"FAIL ({len(rs) - p} of {len(rs)})"
        lines.append(f"| {name} ({rs[0]['sby']}) | {len(rs)} | {res} | {', '.join(modes)} "
                     f"| {fmt_secs(sum(r['secs'] for r in rs))} |")
    lines.append("")
    lines.append("## Every task")
    lines.append("")
    lines.append("| proof | task | result | mode/depth | time | work dir |")
    lines.append("| --- | --- | --- | --- | --- | --- |")
    for r in results:
        res = f"{r['status']} ({describe(r['status'], r['mode'], r['depth'], r['stateful'])})"
        lines.append(f"| {r['proof']} | {r['task']} | {res} | {r['mode']}/{r['depth'] or 20} "
                     f"| {fmt_secs(r['secs'])} | {r['workdir']} |")
    bad = [r for r in results if r["status"] != "PASS"]
    if bad:
        lines.append("")
        lines.append("## Failures")
        for r in bad:
            lines.append("")
            lines.append(f"### {r['proof']} {r['task']}: {r['status']}")
            lines.append("")
            lines.append(f"- log: {r['workdir']}/logfile.txt (sby output: {r['log']})")
            for a in r["asserts"]:
                lines.append(f"- {a}")
            for t in r["traces"]:
                lines.append(f"- trace: {t}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sby", default=os.environ.get("SBY", "sby"))
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--tasks", default=None)
    ap.add_argument("--timeout", type=float, default=float(os.environ.get("FORMAL_TIMEOUT") or 0))
    ap.add_argument("--all", action="store_true",
                    default=os.environ.get("FORMAL_ALL", "") not in ("", "0"))
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    os.chdir(ROOT)
    sby_cmd = shlex.split(args.sby)

    files = sby_files()
    if args.only:
        want = set(args.only)
        files = [f for f in files if proof_name(f) in want or f in want
                 or os.path.splitext(f)[0] in want]
        missing = want - {proof_name(f) for f in files} - set(files) \
            - {os.path.splitext(f)[0] for f in files}
        if missing:
            print(f"formal: no proof named {', '.join(sorted(missing))} "
                  f"(have: {', '.join(proof_name(f) for f in sby_files())})", file=sys.stderr)
            return 2
    plan = []
    for f in files:
        # A task glob selects among all tasks, so that it can name non-default ones.
        for t in list_tasks(sby_cmd, f, args.all or bool(args.tasks)):
            if args.tasks and not any(fnmatch.fnmatch(t or "", g) for g in args.tasks.split()):
                continue
            plan.append((f, t))
    if args.list:
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        for f, t in plan:
            print(f"{proof_name(f)} {t or '-'}")
        return 0
    if not plan:
        print("formal: nothing to run", file=sys.stderr)
        return 2

    os.makedirs(OUT, exist_ok=True)
    selection = "all tasks" if args.all else "default tasks"
    summary = os.path.join(OUT, "summary.md")
    if args.only or args.tasks:
        parts = list(args.only) + ([f"tasks {args.tasks}"] if args.tasks else [])
        selection = ", ".join(parts)
        tag = "-".join(proof_name(f) for f in files) if args.only else "tasks"
        summary = os.path.join(OUT, f"summary-{tag}.md")

    results, t_start, interrupted = [], time.time(), False
    try:
        for i, (f, t) in enumerate(plan, 1):
            r = run_one(sby_cmd, f, t, args.timeout)
            results.append(r)
            what = describe(r["status"], r["mode"], r["depth"], r["stateful"])
            label = f"{r['proof']} {t}" if t else r["proof"]
            print(f"[{i}/{len(plan)}] {label}: {r['status']} ({what}, {fmt_secs(r['secs'])})",
                  flush=True)
            if r["status"] != "PASS":
                for a in r["asserts"][:5]:
                    print(f"      {a}", flush=True)
                for tr in r["traces"][:3]:
                    print(f"      trace: {tr}", flush=True)
                if not r["asserts"] and not r["traces"]:
                    print(f"      see {r['workdir']}/logfile.txt and {r['log']}", flush=True)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        total = time.time() - t_start
        write_summary(summary, results, len(plan), selection, total, interrupted)
    passed = sum(r["status"] == "PASS" for r in results)
    failed = len(results) - passed
    not_run = len(plan) - len(results)
    print(f"formal: {len(results)} proofs in {fmt_secs(total)}"
          + (f", {not_run} not run" if not_run else "") + f"; summary: {summary}")
    print(f"formal: {passed} passed, {failed} failed", flush=True)
    return 0 if failed == 0 and not interrupted and len(results) == len(plan) else 1


if __name__ == "__main__":
    sys.exit(main())
