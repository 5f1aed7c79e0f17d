"""The computer opponent (issue 25): players of three strengths that speak only the ruleset
contract of :mod:`game.core` -- pending decisions, legal actions, pointing commands and the
rulesets' evaluation hints -- and rehearse every candidate on their own copy of the game with
their own dice (:mod:`game.ai.rehearsal`). ``game.ai`` names no ruleset and imports none.
"""

from game.ai.explain import explain
from game.ai.players import LEVELS, AiPlayer, Choice, make_player
from game.ai.rehearsal import detached

__all__ = ["LEVELS", "AiPlayer", "Choice", "detached", "explain", "make_player"]
