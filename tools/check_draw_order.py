#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""check_draw_order.py [FILE...]: random draws whose order C leaves unspecified.

A random run must be a function of its seed alone (docs/verification.md, "Random runs"): the
same seed gives the same stimulus whatever the compiler, its options or the sanitizers. C does
not fix the order in which the operands of most operators, the arguments of a call or the
expressions of an initializer list are evaluated. Two draws from the random generator in one
such place give a stimulus that depends on the build: an ASan build drew
different arbiter keys and ST/RT branch masks from the same seed as the normal build.

The check reads the C sources of the test bench (tb/ but its fixtures, lib/, cmodel/ by default). A draw is a
call of sc_rand, sc_below, sc_chance, cfg_rand, cfg_below, cfg_chance, or of any function of
the same files that (directly or not) calls one. In every full expression it reports two draws
that are not separated by a sequence point (&&, ||, ?:, the comma operator, the end of a
declarator or of a control header); a call's arguments come before the call itself. A line
may carry the comment "draw-order: commutative" when its draws are combined by one commutative
operator (a & b & c of draws: any order gives the same value).

Exit 0 when nothing is found, 1 with "file:line: ..." lines otherwise, 2 on a usage error."""
import glob
import os
import re
import sys

BASE_DRAWS = {"sc_rand", "sc_below", "sc_chance", "cfg_rand", "cfg_below", "cfg_chance"}
MARK = "draw-order: commutative"
TOKEN = re.compile(r"\s*(?:(?P<id>[A-Za-z_]\w*)|(?P<num>\d[\w.]*)|(?P<op>&&|\|\||->|<<=|>>=|<<|>>|"
                   r"[-+*/%&|^!<>=]=|\+\+|--|[][(){}?:,;.~!<>=+*/%&|^-]))")


def strip(src):
    """Comments, strings and character literals blanked, lines kept."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        elif src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(" " * (min(j + 1, n) - i))
            i = j + 1
        elif c == "#" and (i == 0 or src[i - 1] == "\n"):   # a preprocessor line
            j = i
            while True:
                k = src.find("\n", j)
                if k < 0:
                    k = n
                    break
                if src[k - 1] != "\\":
                    break
                j = k + 1
            out.append(re.sub(r"[^\n]", " ", src[i:k]))
            i = k
        else:
            out.append(c)
            i += 1
    return "".join(out)


def tokens(text):
    """(kind, value, line) of the blanked source."""
    res, pos, line = [], 0, 1
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos] == "\n":
                line += 1
            pos += 1
            continue
        line += text.count("\n", pos, m.start(m.lastgroup))
        kind = m.lastgroup
        res.append((kind, m.group(kind), line))
        line += text.count("\n", m.start(m.lastgroup), m.end())
        pos = m.end()
    return res


def functions(toks):
    """{name: [body tokens]} of the function definitions in toks."""
    res, i, depth = {}, 0, 0
    while i < len(toks):
        k, v, _ = toks[i]
        if v == "{":
            depth += 1
        elif v == "}":
            depth -= 1
        elif depth == 0 and k == "id" and i + 1 < len(toks) and toks[i + 1][1] == "(":
            j = group_end(toks, i + 1)
            if j + 1 < len(toks) and toks[j + 1][1] == "{":
                b = group_end(toks, j + 1)
                res.setdefault(v, []).append(toks[j + 2:b])
                i = b + 1
                continue
        i += 1
    return res


def group_end(toks, i):
    """Index of the bracket closing the one at toks[i]."""
    pair = {"(": ")", "[": "]", "{": "}"}
    o, c, d = toks[i][1], pair[toks[i][1]], 0
    for j in range(i, len(toks)):
        if toks[j][1] == o:
            d += 1
        elif toks[j][1] == c:
            d -= 1
            if d == 0:
                return j
    return len(toks) - 1


def split_at(toks, seps, comma):
    """toks cut at the operators in seps (and ',' when comma) outside brackets."""
    parts, cur, i = [], [], 0
    while i < len(toks):
        v = toks[i][1]
        if v in "([{":
            j = group_end(toks, i)
            cur.extend(toks[i:j + 1])
            i = j + 1
            continue
        if v in seps or (comma and v == ","):
            parts.append(cur)
            cur = []
        else:
            cur.append(toks[i])
        i += 1
    parts.append(cur)
    return parts


class Checker:
    def __init__(self, draws, marked):
        self.draws, self.marked, self.found = draws, marked, []

    def units(self, toks):
        """The draw-carrying operands of an unsequenced piece: (first line, tokens, kind)."""
        res, i = [], 0
        while i < len(toks):
            k, v, ln = toks[i]
            if k == "id" and v in self.draws and i + 1 < len(toks) and toks[i + 1][1] == "(":
                j = group_end(toks, i + 1)
                res.append((ln, toks[i + 2:j], "call"))
                i = j + 1
                continue
            if v in "([{":
                j = group_end(toks, i)
                inner = toks[i + 1:j]
                if self.count(inner):
                    call = i > 0 and toks[i - 1][0] == "id" and v == "("
                    brace = v == "{"
                    res.append((ln, inner, "args" if call or brace else ("index" if v == "[" else "paren")))
                i = j + 1
                continue
            i += 1
        return res

    def count(self, toks):
        return sum(1 for i, t in enumerate(toks) if t[0] == "id" and t[1] in self.draws
                   and i + 1 < len(toks) and toks[i + 1][1] == "(")

    def expr(self, toks, comma, fname):
        """One expression: its pieces between sequence points, each checked."""
        for piece in split_at(toks, {"&&", "||", "?", ":"}, comma):
            us = self.units(piece)
            if len(us) >= 2:
                lines = sorted({u[0] for u in us})
                if not any(ln in self.marked for ln in lines):
                    self.found.append((fname, lines[0], len(us)))
                continue
            for ln, inner, kind in us:
                # a call's arguments are evaluated before the call; between themselves unsequenced
                self.expr(inner, kind == "paren", fname)

    def statements(self, toks, fname):
        """Full expressions of a function body or file."""
        i, cur = 0, []
        while i < len(toks):
            k, v, _ = toks[i]
            if v == "{" and cur and cur[-1][1] in ("=", ",", "(", "return"):
                j = group_end(toks, i)            # an initializer list: part of the expression
                cur.extend(toks[i:j + 1])
                i = j + 1
                continue
            if v in (";", "{", "}"):
                self.full(cur, fname)
                cur = []
            elif k == "id" and v in ("if", "while", "switch", "for") and i + 1 < len(toks) \
                    and toks[i + 1][1] == "(":
                self.full(cur, fname)
                j = group_end(toks, i + 1)
                for part in split_at(toks[i + 2:j], {";"}, False):   # for (a; b; c)
                    self.full(part, fname)
                cur = []
                i = j + 1
                continue
            elif k == "id" and v in ("else", "do", "return", "case", "default"):
                self.full(cur, fname)
                cur = []
                if v in ("case", "default"):      # the label up to its ':'
                    while i < len(toks) and toks[i][1] != ":":
                        i += 1
            else:
                cur.append(toks[i])
            i += 1
        self.full(cur, fname)

    def full(self, toks, fname):
        if toks:
            self.expr(toks, True, fname)


def main(argv):
    paths = argv or [p for d in ("tb", "lib", "cmodel") for p in
                     sorted(glob.glob(os.path.join(d, "**", "*.[ch]"), recursive=True))
                     if not p.startswith(os.path.join("tb", "fixtures", ""))]
    srcs = {}
    for p in paths:
        try:
            with open(p, encoding="utf-8") as f:
                raw = f.read()
        except OSError as e:
            print("check_draw_order: %s: %s" % (p, e.strerror), file=sys.stderr)
            return 2
        marked = {n + 1 for n, line in enumerate(raw.split("\n")) if MARK in line}
        srcs[p] = (tokens(strip(raw)), marked)
    # the draws: the base functions and every function that calls one, to a fixed point
    bodies = {}
    for toks, _ in srcs.values():
        for name, bs in functions(toks).items():
            bodies.setdefault(name, []).extend(bs)
    draws = set(BASE_DRAWS)
    grew = True
    while grew:
        grew = False
        for name, bs in bodies.items():
            if name not in draws and any(t[0] == "id" and t[1] in draws for b in bs for t in b):
                draws.add(name)
                grew = True
    found = []
    for p, (toks, marked) in srcs.items():
        ck = Checker(draws, marked)
        ck.statements(toks, p)
        found.extend(ck.found)
    for fname, line, n in found:
        print("%s:%d: %d random draws in one expression, in an order C leaves unspecified: draw "
              "them in separate statements (or mark '%s')" % (fname, line, n, MARK))
    print("check_draw_order: %d files, %d draw functions, %d unsequenced draws"
          % (len(srcs), len(draws), len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
