"""The rules core: actions, the Game, decisions and chance nodes, events, dice and history.

Ruleset-agnostic. Rulesets plug in by subclassing :class:`game.core.ruleset.Ruleset`.
"""

from game.core.actions import (
    TABLE_ACTIONS,
    Action,
    ActionSyntaxError,
    Choose,
    Dice,
    DiceSpec,
    EndActivation,
    FreeRoll,
    MoveHex,
    MoveUnit,
    Pivot,
    RollPending,
    from_dict,
    parse,
)
from game.core.events import Event
from game.core.game import Game, LogEntry
from game.core.hashing import snapshot, state_hash
from game.core.pending import (
    Chance,
    Idle,
    IllegalAction,
    Over,
    Pending,
    PlayerDecision,
    Refusal,
)
from game.core.ruleset import Context, Ruleset, SetupError, SetupProblem, UnitSetup
from game.core.state import (
    GameState,
    HexBoard,
    HexCell,
    Outcome,
    Player,
    Procedure,
    TableBoard,
    TableOptions,
    TerrainPiece,
    TurnState,
    Unit,
)

__all__ = [
    "TABLE_ACTIONS",
    "Action",
    "ActionSyntaxError",
    "Chance",
    "Choose",
    "Context",
    "Dice",
    "DiceSpec",
    "EndActivation",
    "Event",
    "FreeRoll",
    "Game",
    "GameState",
    "HexBoard",
    "HexCell",
    "Idle",
    "IllegalAction",
    "LogEntry",
    "MoveHex",
    "MoveUnit",
    "Outcome",
    "Over",
    "Pending",
    "Pivot",
    "Player",
    "PlayerDecision",
    "Procedure",
    "Refusal",
    "RollPending",
    "Ruleset",
    "SetupError",
    "SetupProblem",
    "TableBoard",
    "TableOptions",
    "TerrainPiece",
    "TurnState",
    "Unit",
    "UnitSetup",
    "from_dict",
    "parse",
    "snapshot",
    "state_hash",
]
