# SPDX-License-Identifier: Apache-2.0
"""synth/report_warp_ctrl.py: warp control: every row, with its flip-flops (synth/report.py's unit_hook: sections(rows, tops))."""
from report import pivot, state_field


def sections(rows, tops):
    return pivot(rows, tops, "Warp control: total NAND2-eq / combinational NAND2-eq / "
                 "flip-flop bits (depth in cells, between flip-flops and ports)", state_field)
