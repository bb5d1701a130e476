#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""SPDX license lines of the project's sources (LICENSE: Apache-2.0).

  spdx.py check   list every tracked source file without an SPDX line in its first lines;
                  exit 1 if there is one (the 'spdx' test)
  spdx.py add     add the line where it is missing (after a #! line), in each file's comment syntax

Sources are the tracked files with the suffixes below; test fixtures (tb/fixtures/, whose line
numbers the tests quote) and documents are not sources.
"""
import subprocess
import sys

TAG = "SPDX-License-Identifier: Apache-2.0"
COMMENT = {  # suffix -> the line to add
    ".sv": "// " + TAG, ".v": "// " + TAG, ".cpp": "// " + TAG,
    ".c": "/* " + TAG + " */", ".h": "/* " + TAG + " */",
    ".py": "# " + TAG, ".sh": "# " + TAG, ".mk": "# " + TAG, ".toml": "# " + TAG,
    ".sby": "# " + TAG, ".ys.in": "# " + TAG, ".core": "# " + TAG, ".pc.in": "# " + TAG,
    ".map": "/* " + TAG + " */",
}
NAMED = {"Makefile": "# " + TAG, ".ci/run": "# " + TAG, "units/ORDER": "# " + TAG}
EXCLUDE = ("tb/fixtures/",)


def sources():
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split()
    out = []
    for f in files:
        if f.startswith(EXCLUDE):
            continue
        line = NAMED.get(f)
        if line is None:
            for suf, l in COMMENT.items():
                if f.endswith(suf):
                    line = l
                    break
        if line is not None:
            out.append((f, line))
    return out


def has_tag(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        head = [f.readline() for _ in range(5)]
    return any("SPDX-License-Identifier:" in l for l in head)


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    missing = [(f, l) for f, l in sources() if not has_tag(f)]
    if cmd == "check":
        for f, _ in missing:
            print("spdx: %s has no '%s' line" % (f, TAG))
        print("spdx: %d source files, %d without an SPDX line" % (len(sources()), len(missing)))
        return 1 if missing else 0
    if cmd == "add":
        for f, line in missing:
            with open(f, encoding="utf-8") as fh:
                text = fh.read()
            if text.startswith("#!"):
                first, rest = text.split("\n", 1)
                text = first + "\n" + line + "\n" + rest
            else:
                text = line + "\n" + text
            with open(f, "w", encoding="utf-8") as fh:
                fh.write(text)
        print("spdx: added the line to %d files" % len(missing))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
