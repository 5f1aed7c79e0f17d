"""The table's flow around the game: what follows a change (animations, dice, hand-over or
game over), undo and redo, saving, loading and leaving."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.events import Event
from game.core.pending import Chance, IllegalAction, Over, PlayerDecision, Refusal
from game.core.present import victory
from game.ui.anims import Poses, poses
from game.ui.modes import SelectMode

if TYPE_CHECKING:
    from game.ui.table_scene import TableScene


class TableFlow:
    """History, files and hand-overs of one table scene (see module docstring)."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.handoff_due = False
        """A hand-over waits until the acting player has seen the result (dice landed)."""
        self.seated: int | None = None
        """While a hand-over is due, the player still at the table (who just acted)."""
        self.on_confirm: Callable[[], None] = self.to_menu
        """What a yes to the open question (``scene.confirm``) does."""

    def changed(self, before: Poses, events: list[Event], animate: bool) -> None:
        """After any change of the game: new revision, glides, dice, then the flow."""
        s = self.scene
        s.revision += 1
        left = s.game.units_left_alone()  # an action's: the units it did not change
        s.view.carry = None if left is None else (s.revision - 1, s.revision, left)
        s.lens.clear()
        if animate and s.app.settings.animate:
            s.animator.start(before, s.state)
        s.animator.show_dice(events, s.state)
        sel = s.view.selected
        if sel and sel in s.state.units and not s.state.units[sel].on_board:
            s.view.selected = None
        self.check_flow()

    def check_flow(self) -> None:
        """Game over: the end screen; a new player to act: the hand-over screen."""
        s = self.scene
        node = s.pending()
        if isinstance(node, Over):
            from game.ui.screens import EndScene, release_autosave

            winner = "No winner" if node.winner is None else victory(
                s.state.player(node.winner).name)
            release_autosave(s.app, finished=True)  # a finished game is no longer resumable
            s.app.switch(EndScene(s.app, winner, node.summary, s, self.facts(), self.again))
            return
        player = s.game.current_player()
        if s.pbf is not None:  # play by file: the other player is at another computer, so
            s.last_player = player  # no hand-over ever (issue 28.6); the top bar says Send
            return
        if s.computer is not None:
            self.computer_flow(player)
            return
        if player != s.last_player and player is not None:
            if not self.handoff_due:
                self.seated = s.last_player
            s.last_player = player
            s.view.selected = None
            if s.app.settings.handoff_screen and len(s.state.players) > 1:
                self.handoff_due = True
                self.hand_over_when_seen()

    def computer_flow(self, player: int | None) -> None:
        """Against the computer the table is handed over only between people: never to or
        from the computer (nothing is secret from it), so a player alone never sees the
        hand-over screen."""
        s = self.scene
        assert s.computer is not None
        if player is None or player == s.last_player:
            return
        before, s.last_player = s.last_player, player
        if s.computer.hand_over_to(player) and s.app.settings.handoff_screen:
            if not self.handoff_due:
                self.seated = before
            s.view.selected = None
            self.handoff_due = True
            self.hand_over_when_seen()

    def hand_over_when_seen(self) -> None:
        """Show the due hand-over screen once the result has been seen (called per frame)."""
        s = self.scene
        player = s.game.current_player()
        if not self.handoff_due or s.animator.busy() or player is None:
            return
        self.handoff_due = False
        from game.ui.screens import HandoffScene

        p = s.state.player(player)
        note = f"Round {s.state.turn.round}: " + s.hud.pending_text()
        colour = s.app.palette.player_colour(p.number, p.colour)
        node = s.pending()  # a defence roll or an answer in the other's turn is not a turn;
        # nor is a roll handed back mid-turn (the shooter's friends' Panic Test, AS-RNG-8)
        title = ("your roll" if isinstance(node, Chance) else
                 "your turn" if player == s.state.turn.active else
                 "your choice" if isinstance(node, PlayerDecision) else "your turn")
        conditions = tuple(f"{c.word}: {c.hint}" if c.hint else c.word
                           for c in s.hud.conditions())
        s.app.switch(HandoffScene(s.app, s, p.name, colour, note, title, conditions))

    def facts(self) -> list[str]:
        """The game-over summary every ruleset gets: rounds played, units lost per side."""
        state = self.scene.state
        lines = [f"Rounds played: {state.turn.round}"]
        for player in state.players:
            mine = [u for u in state.units.values() if u.owner == player.number]
            alive = {u.id for u in state.live_units(player.number)}
            lost = sum(1 for u in mine if u.id not in alive or not u.on_board)
            lines.append(f"{player.name}: {lost} of {len(mine)} units lost")
        return lines

    def again(self) -> None:
        """Start the same scenario afresh (a new autosave)."""
        from game.scenario import new_session
        from game.ui.screens import hold_autosave, open_session

        session = replace(new_session(self.scene.session.scenario),
                          computer=dict(self.scene.session.computer))
        hold_autosave(self.scene.app, session)
        open_session(self.scene.app, session)

    # --- history and files -----------------------------------------------------------------

    def undo_refusal(self) -> Refusal | None:
        """Why Undo is not possible now (None: it is); against the computer, whether the
        player can take the game back to their own last action (WB-HIST-3)."""
        computer = self.scene.computer
        if computer is None:
            return self.scene.game.can_undo()
        human = computer.human_at_table()
        if human is None:
            return Refusal("the computer plays every side: there is nothing of yours to "
                           "take back", ("WB-HIST-3",))
        return self.scene.game.can_take_back(human, computer.sides)

    def take_back(self) -> None:
        """Undo against the computer (WB-HIST-3): back to the human's own last decision,
        the computer's moves since then with it."""
        s = self.scene
        computer = s.computer
        assert computer is not None
        before = poses(s.state)
        refusal = self.undo_refusal()
        human = computer.human_at_table()
        if refusal is not None or human is None:
            s.status = f"Cannot undo: {s.refusal_text(refusal)}" if refusal else "Cannot undo"
            s.app.notify(s.status)
            return
        taken = s.game.take_back(human, computer.sides)
        s.status = f"Undone: {s.label_of(taken[-1].action)}" + (
            f" and {len(taken) - 1} computer move{'s' if len(taken) > 2 else ''}"
            if len(taken) > 1 else "")
        s.last_player = s.game.current_player()
        self.handoff_due = False
        s.set_mode(SelectMode())
        self.changed(before, [], True)

    def undo(self) -> None:
        """Ctrl+Z: take back the last action (the core's dice protection may refuse)."""
        before = poses(self.scene.state)
        if self.scene.computer is not None and self.scene.pbf is None:
            self.take_back()
            return
        if self.scene.pbf is not None:
            from game.ui.pbf_scene import undo_in_turn

            undo_in_turn(self.scene)
            self.scene.set_mode(SelectMode())
            self.changed(before, [], True)
            return
        # WB-HIST-2: before the due hand-over the player at the table is still the one who
        # just acted, and may take that back; after it, only the new player's own actions
        by = self.seated if self.handoff_due else None
        try:
            entry = self.scene.game.undo(by)
        except IllegalAction as exc:
            self.scene.status = f"Cannot undo: {self.scene.refusal_text(exc.refusal)}"
            self.scene.app.notify(self.scene.status)
            return
        self.scene.status = f"Undone: {self.scene.label_of(entry.action)}"
        self.scene.last_player = self.scene.game.current_player()
        if self.scene.last_player == self.seated:
            self.handoff_due = False  # the move that passed the turn is taken back
        self.scene.set_mode(SelectMode())
        self.changed(before, [], True)

    def redo(self) -> None:
        """Ctrl+Y: apply the undone action again."""
        before = poses(self.scene.state)
        redone = self.scene.game.redo_action()  # named before it applies: the decision it
        label = "" if redone is None else self.scene.label_of(redone)  # answers is pending now
        try:
            entry = self.scene.game.redo()
        except IllegalAction as exc:
            self.scene.status = f"Cannot redo: {self.scene.refusal_text(exc.refusal)}"
            return
        self.scene.status = f"Redone: {label}"
        # as the action the first time: a turn that passes is handed over once seen
        self.scene.set_mode(SelectMode())
        self.changed(before, list(entry.events), True)

    def save(self) -> Path | None:
        """Ctrl+S: write a save into the data folder's saves/ under a reserved, short, unique
        name; a failed write (disk full, a bad folder) is reported and the game goes on."""
        from game.scenario import ScenarioError
        from game.scenario.saves import write_new_save
        from game.ui.screens import saves_dir

        name = self.scene.session.scenario.name or "game"
        try:  # the name is taken only by the finished file (issue 28.8)
            path = write_new_save(self.scene.session, saves_dir(self.scene.app), name)
        except (ScenarioError, OSError) as exc:
            self.scene.status = f"Could not save: {exc}"
            self.scene.app.notify("The game was not saved")
            return None
        self.scene.status = f"Saved to {path}"
        self.scene.app.notify(f"Saved {path.name}")
        return path

    def save_now(self) -> None:
        """The Save button (the path is shown in the status line)."""
        self.save()

    def load(self) -> None:
        """Ctrl+O: pick a save to load (asks first if this game is not saved)."""
        from game.ui.screens import LoadScene

        def go() -> None:
            self.scene.app.switch(LoadScene(self.scene.app))

        if self.unsaved() is None:
            go()
        else:
            self.ask(f"Load another game? {self.unsaved()}", go)

    def unsaved(self) -> str | None:
        """Why this game is not safe in an autosave (None: it is; leaving loses nothing)."""
        held = self.scene.app.autosave
        if held is None or held.session is not self.scene.session:
            return "This game has no autosave: leaving throws it away."
        if held.error:
            return f"This game is NOT saved ({held.error}): leaving throws it away."
        return None

    def ask(self, question: str, then: Callable[[], None]) -> None:
        """Show a yes/no question over the table; Enter runs ``then``, Esc stays."""
        self.scene.confirm = f"{question} Enter: yes, Esc: stay"
        self.on_confirm = then

    def confirmed(self) -> None:
        """The question was answered yes."""
        self.scene.confirm = None
        action, self.on_confirm = self.on_confirm, self.to_menu
        action()

    def ask_menu(self) -> None:
        """Ask before leaving the table (Esc, the Menu button)."""
        keeps = self.unsaved() or "The autosave keeps this game."
        self.ask(f"Leave the table for the main menu? {keeps}", self.to_menu)

    def ask_close(self) -> bool:
        """The window is being closed mid-game: ask first, as Esc does, saying whether the
        autosave keeps the game; a second close while asked closes (True)."""
        if self.scene.confirm is not None and self.on_confirm == self.close_app:
            return True
        keeps = self.unsaved() or "The autosave keeps this game: Continue resumes it."
        self.ask(f"Close Warbench? {keeps}", self.close_app)
        return False

    def close_app(self) -> None:
        """Close the window (the question was answered yes)."""
        self.scene.app.running = False

    def to_menu(self) -> None:
        """Back to the main menu (the autosave keeps the game)."""
        from game.ui.screens import MenuScene

        self.scene.app.switch(MenuScene(self.scene.app))

