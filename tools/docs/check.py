#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The documentation check (make test: docs-*): the Markdown of the repository as a reader gets it.

  check.py links    every relative link resolves to a file of the repository and every '#anchor'
                    to a heading of its page (GitHub's anchors); no link leaves the repository
  check.py names    every 'make TARGET' a page names is a target of the Makefile, every
                    'simtcheck ... --option' an option of build/bin/simtcheck --help
  check.py outside  no path outside the repository (../shared, private notes) and no line anchor of a
                    paper's text file (L346) in any tracked file, Markdown or source
  check.py present  reference pages state the present: no date outside generated blocks (dates belong
                    in CHANGELOG.md and in generated captions), no words about how the project is
                    developed (internal issue or run numbers, sessions); the README at most
                    README_MAX lines
  check.py data     every '<!-- data:NAME:begin -->' block equals docs/data/NAME.md
                    (--write: copies the file into the blocks)
  check.py refresh  copies each long job's summary found in build/ (SOURCES) to docs/data/NAME.md under
                    a caption line (command, machine, date, commit), then does 'data --write'
                    (soak, mutate, bench, formal)
  check.py all      all of the above except 'data --write' and 'refresh'

Options: --root DIR (default: the repository), --files F... (check these Markdown files instead of
every tracked one; used by the tests on planted faults), --data DIR (the data files, default docs/data). Exit 0 when clean, 1 naming each fault
(file:line: what), 2 on a usage error. Standard library only.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
README_MAX = 120
# Pages that are not reference pages: test fixtures (planted faults) and the change log.
SKIP_DIRS = ("tb/fixtures/",)
DATED_OK = ("CHANGELOG.md",)
GEN_BEGIN = re.compile(r"<!--\s*([\w:.-]+?)[:\s]begin\b")
GEN_END = re.compile(r"<!--\s*([\w:.-]+?)[:\s]end\b")
FENCE = re.compile(r"^\s*(```|~~~)")
LINK = re.compile(r"(?<!\!)\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")
DATE = re.compile(r"\b20[0-9]{2}-[01][0-9]-[0-3][0-9]\b")
DEV_WORDS = [
    (re.compile(r"\b[Ii]ssues? #?[0-9]+\b"), "an internal issue number"),
    (re.compile(r"\bstops? [0-9]+\b"), "a run number"),
    (re.compile(r"\b[Ss]essions?\b"), "a development session"),
    (re.compile(r"\bworkplace\b"), "the machines the project is developed on"),
]
OUTSIDE = [
    (re.compile(r"\.\./shared/|steffen-units\.md"), "a path outside the repository"),
    (re.compile(r"\bL[0-9]{3,4}(?:-L[0-9]{3,4})?\b"), "a line anchor of a paper's text file"),
]
# Sources scanned by 'outside' besides Markdown.
SRC_EXT = (".sv", ".svh", ".v", ".c", ".h", ".cpp", ".py", ".sh", ".mk", ".toml", ".sby", ".lpf", ".pcf", ".txt")


def tracked(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-co", "--exclude-standard"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, check=True).stdout.decode()
        files = [f for f in out.splitlines() if os.path.isfile(os.path.join(root, f))]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, subs, fs in os.walk(root):
            subs[:] = [s for s in subs if not s.startswith(".") and s != "build"]
            files += [os.path.relpath(os.path.join(d, f), root) for f in fs]
    return sorted(f for f in files if not f.startswith(("build/", ".tools/")))


def md_files(root, given):
    if given:
        return given
    return [f for f in tracked(root) if f.endswith(".md") and not f.startswith(SKIP_DIRS)]


def read(root, f):
    with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
        return fh.read().split("\n")


def lines_kind(lines):
    """(line number, text, in_code, in_generated) for each line."""
    code, gen = False, 0
    for n, l in enumerate(lines, 1):
        if GEN_BEGIN.search(l):
            gen += 1
            yield n, l, code, True
            continue
        if GEN_END.search(l):
            gen = max(0, gen - 1)
            yield n, l, code, True
            continue
        if FENCE.match(l):
            code = not code
            yield n, l, True, gen > 0
            continue
        yield n, l, code, gen > 0


def slug(heading):
    """GitHub's anchor of a heading: lower case, markup and punctuation dropped, spaces to '-'."""
    h = re.sub(r"<[^>]+>", "", heading.strip())
    h = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", h)
    h = h.lower().replace("`", "")
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def anchors(root, f, cache={}):
    if f not in cache:
        seen, out = {}, set()
        for _, l, code, _ in lines_kind(read(root, f)):
            m = None if code else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", l)
            if m:
                s = slug(m.group(1))
                k = seen.get(s, 0)
                out.add(s if k == 0 else "%s-%d" % (s, k))
                seen[s] = k + 1
            for a in re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", l):
                out.add(a)
        cache[f] = out
    return cache[f]


def check_links(root, files):
    bad = []
    for f in files:
        for n, l, code, _ in lines_kind(read(root, f)):
            if code:
                continue
            for m in LINK.finditer(re.sub(r"`[^`]*`", "", l)):
                target = m.group(1) or m.group(2)
                if re.match(r"^[a-z]+:", target) or target.startswith("<"):
                    continue
                path, _, frag = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
                if dest.startswith(".."):
                    bad.append("%s:%d: link '%s' leaves the repository" % (f, n, target))
                    continue
                full = os.path.join(root, dest)
                if not os.path.exists(full):
                    bad.append("%s:%d: link '%s': no file %s" % (f, n, target, dest))
                    continue
                if frag and dest.endswith(".md") and frag not in anchors(root, dest):
                    bad.append("%s:%d: link '%s': no heading '#%s' in %s" % (f, n, target, frag, dest))
    return bad


def make_targets(root):
    p = subprocess.run(["make", "-C", root, "-pRrq", "-f", "Makefile", ":"], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL)
    names, patterns = set(), []
    for l in p.stdout.decode("utf-8", "replace").splitlines():
        m = re.match(r"^([^\s#:=][^:=]*?):(?!=)", l)
        if not m:
            continue
        for t in m.group(1).split():
            if "%" in t:
                patterns.append(re.compile("^" + re.escape(t).replace("%", ".+") + "$"))
            else:
                names.add(t)
    return names, patterns


def simtcheck_options(root):
    exe = os.path.join(root, "build", "bin", "simtcheck")
    if not os.access(exe, os.X_OK):
        return None
    p = subprocess.run([exe, "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return set(re.findall(r"(--[a-z][a-z0-9-]*)", p.stdout.decode("utf-8", "replace")))


def commands(text):
    """The shell commands of a line: split at ';', '&&', '||', '|', '$(...)' openings."""
    for part in re.split(r";|&&|\|\||\||\$\(|`", text):
        part = part.strip()
        if part:
            yield part


def words(cmd):
    cmd = re.sub(r"<[^<>]*>", "PLACEHOLDER", cmd)   # placeholders: REV=<commit before the change>
    try:
        return shlex.split(cmd, comments=True)
    except ValueError:
        return cmd.split()


def check_names(root, files):
    targets, patterns = make_targets(root)
    opts = simtcheck_options(root)
    bad = []
    if opts is None:
        bad.append("build/bin/simtcheck not built: its options cannot be checked (make simtcheck)")
    for f in files:
        for n, l, code, _ in lines_kind(read(root, f)):
            spans = [l] if code else re.findall(r"`([^`]+)`", l)
            for span in spans:
                for cmd in commands(span):
                    w = words(cmd)
                    while w and re.match(r"^[A-Z_][A-Z0-9_]*=", w[0]):
                        w = w[1:]   # VAR=value before the command
                    if not w:
                        continue
                    prog = os.path.basename(w[0])
                    if prog == "make":
                        args, skip = [], False
                        for a in w[1:]:
                            if skip:
                                skip = False
                                continue
                            if a in ("-C", "-f", "-j", "-l", "-o", "-W"):
                                skip = True
                                continue
                            if a.startswith("-") or "=" in a or a.startswith("#"):
                                continue
                            args.append(a)
                        for t in args:
                            if not re.match(r"^[a-z][a-z0-9_./-]*$", t):
                                continue
                            if t not in targets and not any(p.match(t) for p in patterns):
                                bad.append("%s:%d: 'make %s': no such target" % (f, n, t))
                    elif prog == "simtcheck" and opts is not None:
                        for a in w[1:]:
                            o = a.split("=", 1)[0]
                            if re.match(r"^--[a-z][a-z0-9-]*$", o) and o not in opts:
                                bad.append("%s:%d: 'simtcheck %s': no such option (simtcheck --help)" % (f, n, o))
    return bad


def check_outside(root, files_given):
    bad = []
    files = files_given or [f for f in tracked(root) if (f.endswith(".md") and not f.startswith(SKIP_DIRS))
                            or (f.endswith(SRC_EXT) and not f.startswith(SKIP_DIRS)
                               and f not in ("tools/docs/check.py", "tb/docs/tests.txt"))]
    for f in files:
        try:
            lines = read(root, f)
        except (OSError, UnicodeDecodeError):
            continue
        for n, l in enumerate(lines, 1):
            for rx, what in OUTSIDE:
                m = rx.search(l)
                if m:
                    bad.append("%s:%d: %s: '%s'" % (f, n, what, m.group(0)))
    return bad


def check_present(root, files):
    bad = []
    for f in files:
        lines = read(root, f)
        if f == "README.md" and len(lines) - (lines[-1] == "") > README_MAX:
            bad.append("README.md: %d lines, at most %d" % (len(lines) - (lines[-1] == ""), README_MAX))
        if os.path.basename(f) in DATED_OK or f.startswith("docs/data/"):
            continue   # the change log, and the measured tables (their caption line dates them)
        for n, l, code, gen in lines_kind(lines):
            if gen:
                continue
            m = DATE.search(l)
            if m:
                bad.append("%s:%d: a date in a reference page ('%s'): history goes to the commit log or "
                           "CHANGELOG.md, measurements to generated tables" % (f, n, m.group(0)))
            if code:
                continue
            for rx, what in DEV_WORDS:
                m = rx.search(l)
                if m:
                    bad.append("%s:%d: words about how the project is developed (%s): '%s'" % (f, n, what, m.group(0)))
    return bad


# The measured tables of the reference pages: docs/data/NAME.md <- the summary a long job writes.
SOURCES = {
    "soak": ("build/soak/summary.md", "make soak"),
    "mutate": ("build/mutate/summary.md", "make mutate"),
    "bench": ("build/bench/summary.md", "make bench"),
    "formal": ("build/formal/summary.md", "make formal"),
    "make-test": ("build/test/summary.md", "make test"),
    "equiv-w32": ("build/equiv/summary-w32.md", "make equiv-all"),
    "equiv-w64": ("build/equiv/summary-w64.md", "make equiv-all EQUIV_WIDTHS=64"),
    "equiv-forms": ("build/equiv/summary-forms.md", "make equiv-forms; python3 formal/equiv/equiv.py table"),
    "equiv-plant": ("build/equiv/summary-plant.md", "make equiv-plant; python3 formal/equiv/equiv.py table"),
    "lib-power": ("build/synth/power/summary.md", "make synth-power-all"),
}


def machine():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for l in f:
                if l.startswith("model name"):
                    cpu = l.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %d cores" % (cpu, os.cpu_count() or 1)


def refresh(root):
    import datetime
    try:
        sha = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL).stdout.decode().strip() or "unknown"
    except OSError:
        sha = "unknown"
    for name, (src, cmd) in sorted(SOURCES.items()):
        path = os.path.join(root, src)
        if not os.path.isfile(path):
            continue
        day = datetime.date.fromtimestamp(os.path.getmtime(path)).isoformat()
        with open(path, encoding="utf-8") as f:
            body = f.read().strip("\n")
        text = "Measured: `%s` (%s), %s, %s, commit %s.\n\n%s\n" % (cmd, src, machine(), day, sha, body)
        dest = os.path.join(root, "docs", "data", name + ".md")
        old = open(dest, encoding="utf-8").read() if os.path.isfile(dest) else None
        if old != text:
            with open(dest, "w", encoding="utf-8") as f:
                f.write(text)
            print("docs: %s from %s" % (dest, src))


DATA_BEGIN = re.compile(r"^<!-- data:([\w.-]+):begin\b.*-->\s*$")


def data_blocks(root, files, write, data_dir):
    bad = []
    for f in files:
        lines = read(root, f)
        out, i, changed = [], 0, False
        while i < len(lines):
            out.append(lines[i])
            m = DATA_BEGIN.match(lines[i])
            if not m:
                i += 1
                continue
            name, start = m.group(1), i
            end_mark = "<!-- data:%s:end -->" % name
            j = i + 1
            while j < len(lines) and lines[j].strip() != end_mark:
                j += 1
            if j == len(lines):
                bad.append("%s:%d: data block '%s' has no '%s'" % (f, start + 1, name, end_mark))
                out += lines[i + 1:]
                break
            src = os.path.join(data_dir, name + ".md")
            if not os.path.isfile(os.path.join(root, src)):
                bad.append("%s:%d: data block '%s': no file %s" % (f, start + 1, name, src))
                want = lines[i + 1:j]
            else:
                want = read(root, src)
                while want and want[-1] == "":
                    want.pop()
                if lines[i + 1:j] != want:
                    if write:
                        changed = True
                    else:
                        bad.append("%s:%d: data block '%s' differs from %s (make docs-data)" % (f, start + 1, name, src))
            out += want if write else lines[i + 1:j]
            out.append(lines[j])
            i = j + 1
        if write and changed:
            with open(os.path.join(root, f), "w", encoding="utf-8") as fh:
                fh.write("\n".join(out))
            print("docs: %s: data blocks rewritten" % f)
    return bad


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("links", "names", "outside", "present", "data", "refresh", "all"))
    ap.add_argument("--root", default=ROOT)
    ap.add_argument("--files", nargs="*")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--data", default=os.path.join("docs", "data"), help="the data files' folder (default docs/data)")
    a = ap.parse_args(argv)
    root = os.path.abspath(a.root)
    files = md_files(root, a.files)
    if a.what == "refresh":
        refresh(root)
        a.what, a.write = "data", True
    checks = {
        "links": lambda: check_links(root, files),
        "names": lambda: check_names(root, files),
        "outside": lambda: check_outside(root, a.files),
        "present": lambda: check_present(root, files),
        "data": lambda: data_blocks(root, files, a.write, a.data),
    }
    bad = []
    for k in (["links", "names", "outside", "present", "data"] if a.what == "all" else [a.what]):
        found = checks[k]()
        print("docs %s: %d faults" % (k, len(found)) if found else "docs %s: ok" % k)
        bad += found
    for b in bad:
        print(b)
    print("docs check: %d faults in %d pages" % (len(bad), len(files)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
