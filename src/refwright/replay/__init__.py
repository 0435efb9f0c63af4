"""Runs you can keep: a recorded run written as a Playwright script, read back, and healed (``refwright
replay``). The script writing, parsing and healing's matching are pure; the replay itself is in ``_run``.

    page.recording(task="Sign up")          # from now on, steps that change the page are noted
    ...                                     # run commands, act, or an agent
    await page.save_recording("signup.py", answer=run.answer)
"""

from __future__ import annotations

from ._heal import HealMatch, heal_match
from ._record import Recording, quoted_texts
from ._script_reader import ScriptError, parse_script
from ._steps import Check, Step
from ._update import rewrite
from ._write import write_script

__all__ = ["Check", "HealMatch", "Recording", "ScriptError", "Step", "heal_match", "parse_script",
           "quoted_texts", "rewrite", "write_script"]
