"""Turn a game played at one table (hotseat, a save, a random playout) into turn files.

The log is cut wherever the game passes to the other player (their move, their decision or
their dice), so every file holds one player's actions only, as if the game had been played by
file. The dice were rolled at the table, so the files use honour dice: the receiver checks the
chain, every action and every state hash, and that each player's dice were theirs. Actions
after the last hand-over (a turn still in progress) are left out.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.actions import Action
from game.core.game import Game
from game.core.pending import Over
from game.pbf.chain import app_version, normalise_scenario, other, ruleset_version, scenario_hash
from game.pbf.dice import chain_secret, commitment, new_secret
from game.pbf.turnfile import ActionRecord, TurnFile, digest
from game.scenario.loader import load_scenario_text


@dataclass
class _Segment:
    sender: int
    records: list[ActionRecord] = field(default_factory=list)


def export_game(scenario_text: str, scenario_name: str, actions: Sequence[Action],
                players: Sequence[str]) -> list[TurnFile]:
    """The turn files of a game of this scenario with these recorded actions (honour dice)."""
    text = normalise_scenario(scenario_text)
    scenario = load_scenario_text(text, scenario_name)
    game = scenario.new_game()
    segments = _segments(game, actions)
    game_id = secrets.token_hex(8)
    common = dict(
        game_id=game_id, app_version=app_version(), ruleset=scenario.ruleset.name,
        ruleset_version=ruleset_version(scenario.ruleset.name),
        scenario_hash=scenario_hash(text), scenario_name=scenario_name,
        players=((1, players[0]), (2, players[1])), dice="honour")
    tops = {1: new_secret(), 2: new_secret()}
    files: list[TurnFile] = []
    for seq, segment in enumerate(segments):
        top = tops[segment.sender]
        reveal = chain_secret(game_id, segment.sender, top, seq // 2)
        fresh = chain_secret(game_id, segment.sender, top, seq // 2 + 1)
        last = segment.records[-1].hash_after if segment.records else (
            files[-1].state if files else scenario.new_game().state_hash())
        over = seq == len(segments) - 1 and isinstance(game.pending(), Over)
        files.append(TurnFile(
            sequence=seq, previous=digest(files[-1]) if files else None,
            sender=segment.sender, reveal=reveal,
            commit=commitment(game_id, segment.sender, fresh), orders=(),
            actions=tuple(segment.records), state=last,
            next_player=None if over else other(segment.sender),
            scenario_text=text if seq == 0 else None, **common).checked())  # type: ignore[arg-type]
    return files


def _segments(game: Game, actions: Sequence[Action]) -> list[_Segment]:
    """Replay ``actions``, cutting the log at each hand-over (file 0 holds none)."""
    segments = [_Segment(1), _Segment(2)]
    for action in actions:
        actor = getattr(game.pending(), "player", None)
        if actor != segments[-1].sender:
            segments.append(_Segment(other(segments[-1].sender)))
        game.apply(action)
        entry = game.log[-1]
        segments[-1].records.append(
            ActionRecord(entry.index + 1, str(entry.action), entry.hash_after))
    if not isinstance(game.pending(), Over) and len(segments) > 2:
        segments.pop()  # a turn in progress: not a whole file
    return segments
