# SPDX-License-Identifier: Apache-2.0
"""plot_pareto.py: one unit's area-delay points on a standard-cell library as SVG, for its
datasheet's "Real cells" section. Run by tools/docs/cells_doc.py in the project's virtual
environment (matplotlib pinned in tools/bootstrap.sh); reads a JSON job on stdin:

  {"unit": "arb", "lib": "osu018", "out": "docs/units/img/arb-cells.svg",
   "panels": [{"title": ..., "series": [{"label": ..., "points": [[fo4, nand2, script], ...],
               "front": [[fo4, nand2], ...]}], "paper": [{"label": ..., "fo4": ..., "nand2": ..., "fill": "none"}]}]}

One panel per operator (the arbiters: PC arbiter, unified), each series (one form) its points
(area in NAND2-eq against the critical path in FO4, every mapping script) and its Pareto front as
a step line; the paper's points, when given, are marked. Deterministic SVG (fixed hash salt, no
date, text kept as text)."""
import json
import sys

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams.update({"svg.hashsalt": "simt-datasheet", "svg.fonttype": "none", "font.size": 9})
import matplotlib.pyplot as plt  # noqa: E402


def main():
    job = json.load(sys.stdin)
    panels = job["panels"]
    fig, axes = plt.subplots(1, len(panels), figsize=(4.6 * len(panels) + 1.6, 3.8), squeeze=False)
    markers = "osD^v<>p"
    for ax, pan in zip(axes[0], panels):
        for i, s in enumerate(pan["series"]):
            xs = [p[0] for p in s["points"]]
            ys = [p[1] for p in s["points"]]
            line = ax.plot(xs, ys, marker=markers[i % len(markers)], markersize=5, linestyle="none",
                           label=s["label"])[0]
            for x, y, name in s["points"]:
                ax.annotate(name, (x, y), textcoords="offset points", xytext=(4, 3), fontsize=6.5,
                            color=line.get_color())
            fr = sorted(s["front"])
            if len(fr) > 1:
                ax.step([p[0] for p in fr], [p[1] for p in fr], where="post", color=line.get_color(),
                        linewidth=0.9)
        for p in pan.get("paper", []):
            ax.plot([p["fo4"]], [p["nand2"]], marker="*", markersize=10, color="black",
                    fillstyle=p.get("fill", "full"), linestyle="none", label=p["label"])
        ax.set_xlabel("critical path (FO4 of %s)" % job["lib"])
        ax.set_ylabel("area (NAND2-eq of %s)" % job["lib"])
        ax.set_title(pan["title"])
        ax.grid(True, linewidth=0.3)
        ax.legend(fontsize=7, loc="best")
    fig.tight_layout()
    fig.savefig(job["out"], format="svg", metadata={"Date": None})


if __name__ == "__main__":
    main()
