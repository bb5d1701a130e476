# SPDX-License-Identifier: Apache-2.0
"""plot_area.py: one unit's area and depth against W as SVG, for its datasheet. Run by
tools/docs/datasheet.py plots in the project's virtual environment (matplotlib pinned in
tools/bootstrap.sh); reads a JSON job on stdin:

  {"unit": "arb", "rows": [csv rows of docs/data/area.csv], "out": "docs/units/img/arb-area.svg",
   "paper": [{"label": ..., "w": 32, "nand2_eq": ..., "series": ...}], "ratio": {...} or null}

One line per synthesis series (top, tag, IMPL, POLICY) with two or more widths, NAND2-eq (log
scale) and logic depth against W; a series at one width only is drawn as a point. The paper's
points, when given, are marked. With "ratio" = {"num": series, "den": series, "paper": x, "label":
text, "points": [[num, den, label], ...]}: a third panel, the ratio of two series' areas against W,
more ratios as points, and the paper's ratio as a line.
The SVG is deterministic (fixed hash salt, no date, text kept as text)."""
import json
import sys

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams.update({"svg.hashsalt": "simt-datasheet", "svg.fonttype": "none", "font.size": 9})
import matplotlib.pyplot as plt  # noqa: E402


def series_name(r, pparams):
    """The legend's name of a series; the policy column under the name of the parameter it sets
    (pparams: "top tag" -> parameter, from the registry)."""
    name = r["unit"][5:] if r["unit"].startswith("simt_") else r["unit"]
    if r["tag"]:
        name += " " + r["tag"]
    if r["impl"] != "":
        name += " IMPL=%s" % r["impl"]
    if r["policy"] != "":
        name += " %s=%s" % (pparams.get("%s %s" % (r["unit"], r["tag"]), "POLICY"), r["policy"])
    return name


def main():
    job = json.load(sys.stdin)
    groups = {}
    for r in job["rows"]:
        if r["status"] != "ok":
            continue
        groups.setdefault(series_name(r, job.get("policy_params", {})), []).append((int(r["W"]), float(r["nand2_eq"]), int(r["depth"])))
    ratio = job.get("ratio")
    npan = 3 if ratio else 2
    fig, axes = plt.subplots(1, npan, figsize=(4.2 * npan + 2.4, 4.0))
    ax_a, ax_d = axes[0], axes[1]
    markers = "osD^v<>phX*"
    for i, (name, pts) in enumerate(sorted(groups.items())):
        pts.sort()
        ws, area, depth = [p[0] for p in pts], [p[1] for p in pts], [p[2] for p in pts]
        style = dict(marker=markers[i % len(markers)], markersize=4, linewidth=1.2,
                     linestyle="-" if len(pts) > 1 else "none", label=name)
        ax_a.plot(ws, area, **style)
        ax_d.plot(ws, depth, **style)
    for p in job.get("paper", []):
        ax_a.plot([p["w"]], [p["nand2_eq"]], marker=p.get("marker", "*"), markersize=9, color="black",
                  fillstyle=p.get("fill", "full"), linestyle="none", label=p["label"])
    all_w = sorted({int(r["W"]) for r in job["rows"] if r["status"] == "ok"})
    for ax, what in ((ax_a, "area (NAND2-eq)"), (ax_d, "logic depth (gates)")):
        ax.set_xscale("log", base=2)
        ax.set_xticks(all_w)
        ax.set_xticklabels([str(w) for w in all_w])
        ax.set_xlabel("W (lanes)")
        ax.set_ylabel(what)
        ax.grid(True, which="both", linewidth=0.3)
    ax_d.minorticks_off()
    ax_a.set_yscale("log")
    ax_a.set_title("%s: area against W" % job["unit"])
    ax_d.set_title("%s: depth against W" % job["unit"])
    if ratio:
        ax_r = axes[2]
        num = dict((p[0], p[1]) for p in groups.get(ratio["num"], []))
        den = dict((p[0], p[1]) for p in groups.get(ratio["den"], []))
        ws = sorted(set(num) & set(den))
        ax_r.plot(ws, [num[w] / den[w] for w in ws], marker="o", markersize=4, label="%s / %s" % (ratio["num"], ratio["den"]))
        for num_s, den_s, lab in ratio.get("points", []):
            n_, d_ = dict((p[0], p[1]) for p in groups.get(num_s, [])), dict((p[0], p[1]) for p in groups.get(den_s, []))
            pw = sorted(set(n_) & set(d_))
            ax_r.plot(pw, [n_[w] / d_[w] for w in pw], marker="*", markersize=9, linestyle="none", label=lab)
        ax_r.axhline(ratio["paper"], color="black", linestyle="--", linewidth=1, label=ratio["label"])
        ax_r.set_xscale("log", base=2)
        ax_r.set_xticks(all_w)
        ax_r.set_xticklabels([str(w) for w in all_w])
        ax_r.set_xlabel("W (lanes)")
        ax_r.set_ylabel("area ratio")
        ax_r.set_ylim(bottom=0)
        ax_r.grid(True, which="both", linewidth=0.3)
        ax_r.set_title("%s: area ratio" % job["unit"])
        ax_r.legend(fontsize=7, loc="lower right")
    handles, labels = ax_a.get_legend_handles_labels()
    fig.legend(handles, labels, loc="center right", fontsize=7, frameon=False)
    fig.tight_layout(rect=(0, 0, 1 - 2.4 / (4.2 * npan + 2.4), 1))
    fig.savefig(job["out"], format="svg", metadata={"Date": None, "Creator": None})


if __name__ == "__main__":
    main()
