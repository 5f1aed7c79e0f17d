"""The desktop table: the :class:`App` owns the window, the clock, the GUI manager, the
settings and the current scene. ``warbench`` / ``warbench play [SCENARIO]`` call :func:`main`.

Scenes (menu, table, handoff, end, settings, load) implement :class:`game.ui.scene.Scene`.
Tests drive an App headless by posting events and calling :meth:`App.step`.
"""

from __future__ import annotations

import gc
import os
import signal
import time
from pathlib import Path
from typing import Any

import pygame

from game.ui.assets import Fonts, themed_dict
from game.ui.palette import Palette, palette_named
from game.ui.scene import Scene
from game.ui.settings import Settings, load_settings, save_settings

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)


_IMPORTED = time.perf_counter()


class App:
    """One running desktop table (window, clock, GUI manager, settings, scenes)."""

    def __init__(
        self, size: tuple[int, int] = DEFAULT_SIZE, data_folder: Path | None = None
    ) -> None:
        """Open the window (or a dummy one under ``SDL_VIDEODRIVER=dummy``)."""
        from game.scenario import data_dir

        self.data_folder = data_folder or data_dir()
        self.settings: Settings = load_settings(self.data_folder)
        # The table is a 2D surface blitted once per frame: present it through the plain
        # window framebuffer, not an OpenGL texture. Under Xvfb / GPU-less VMs Mesa's swrast
        # made display.flip take seconds and the window stopped answering (found playing
        # under Xvfb). Set the variable to 1 to get the accelerated path back.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Warbench")
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.fonts = Fonts(self.settings.text_scale)
        self.manager = self._make_manager(self.screen.get_size())
        self.palette: Palette = palette_named(self.settings.palette)
        self.scene: Scene | None = None
        self.running = True
        self.autosave: Any = None
        """The open game's :class:`game.scenario.autosave.Autosave` (its lock), if any."""
        self.show_help = False
        self.frame = 0
        self.toast: tuple[str, float] | None = None
        self.busy_shown = 0
        """How many times :meth:`show_busy` said something slow was under way."""
        if self.settings.fullscreen:
            self.toggle_fullscreen()

    def _make_manager(self, size: tuple[int, int]) -> Any:
        import pygame_gui

        return pygame_gui.UIManager(size, themed_dict(self.settings.text_scale))

    # --- scenes -----------------------------------------------------------------------------

    def switch(self, scene: Scene) -> None:
        """Leave the current scene and enter ``scene``."""
        if self.scene is not None:
            self.scene.leave()
        self.manager.clear_and_reset()
        self.scene = scene
        scene.enter()
        settle_memory()

    def show_busy(self, text: str) -> None:
        """Say at once, over whatever is on screen, that something slow is under way
        ("Opening ..."): the next frame may be a second away (a long save replaying), and a
        window that shows nothing for that long looks hung. Counted in ``busy_shown``."""
        font = self.fonts.get(18, bold=True)
        img = font.render(text, True, (255, 255, 255))
        w, h = self.screen.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        self.screen.blit(shade, (0, 0))
        box = img.get_rect(center=(w // 2, h // 2)).inflate(40, 24)
        pygame.draw.rect(self.screen, (20, 22, 26), box, border_radius=8)
        pygame.draw.rect(self.screen, (230, 190, 60), box, 2, border_radius=8)
        self.screen.blit(img, img.get_rect(center=box.center))
        pygame.display.flip()
        self.busy_shown += 1

    def notify(self, text: str, seconds: float = 3.0) -> None:
        """Show a short message at the top of the window, under the top bar."""
        self.toast = (text, seconds)

    # --- settings and window ----------------------------------------------------------------

    def save_settings(self) -> None:
        """Write the settings to the data folder and apply the palette."""
        save_settings(self.settings, self.data_folder)
        self.palette = palette_named(self.settings.palette)
        if self.fonts.scale != self.settings.text_scale:
            self.apply_text_scale()

    def apply_text_scale(self) -> None:
        """Take the text size setting: the table's own fonts, and a GUI manager whose theme
        has the font sizes scaled (pygame-gui keeps a theme's default font once loaded, so a
        new manager it is); the scene's widgets are built again on it, and the panels and
        buttons grow with the text (see :func:`game.ui.panel.panel_width`)."""
        self.fonts.scale = self.settings.text_scale
        if self.scene is not None:
            self.scene.leave()
        self.manager = self._make_manager(self.screen.get_size())
        if self.scene is not None:
            self.scene.enter()

    def toggle_fullscreen(self) -> None:
        """Switch between a resizable window and fullscreen (F11)."""
        fullscreen = not (self.screen.get_flags() & pygame.FULLSCREEN)
        if fullscreen:
            self.windowed_size = self.screen.get_size()
            try:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.settings.fullscreen = bool(self.screen.get_flags() & pygame.FULLSCREEN)
        self._resized()

    def _resized(self) -> None:
        size = self.screen.get_size()
        self.manager.set_window_resolution(size)
        if self.scene is not None:
            self.scene.leave()
            self.manager.clear_and_reset()
            self.scene.enter()

    # --- loop -------------------------------------------------------------------------------

    def step(self, events: list[pygame.event.Event], dt: float) -> None:
        """One frame: route ``events``, update for ``dt`` seconds, draw and flip."""
        for event in events:
            self._route(event)
        self.manager.update(dt)
        if self.scene is not None:
            self.scene.update(dt)
            self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        if self.show_help:
            from game.ui.screens import draw_help

            draw_help(self.screen, self.fonts, self.scene)
        self._draw_toast(dt)
        pygame.display.flip()
        self.frame += 1
        if self.frame == 1 and os.environ.get("WARBENCH_FIRST_FRAME_MS"):
            print(f"first frame: {process_age_ms():.0f} ms after process start", flush=True)
            if os.environ.get("WARBENCH_FIRST_FRAME_MS") == "exit":
                self.running = False

    def _route(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.scene is None or self.scene.may_close():
                self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.screen.get_flags() & pygame.FULLSCREEN:
            w = max(MIN_SIZE[0], event.w)
            h = max(MIN_SIZE[1], event.h)
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self._resized()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_F1:
                self.show_help = not self.show_help
                return
            if self.show_help and event.key == pygame.K_ESCAPE:
                self.show_help = False
                return
            if self.show_help and event.key == pygame.K_r and self.scene is not None \
                    and self.scene.open_rules():
                self.show_help = False  # F1, then R: the rules browser
                return
        if self.scene is not None and self.scene.before_gui(event):
            return
        self.manager.process_events(event)
        if self.scene is not None:
            self.scene.handle(event)

    def _draw_toast(self, dt: float) -> None:
        if self.toast is None:
            return
        text, left = self.toast
        font = self.fonts.get(15, bold=True)
        img = font.render(text, True, (255, 255, 255))
        w = self.screen.get_width()
        # under the top bar: the bottom of every scene has buttons (Back, a lesson's controls)
        box = img.get_rect(midtop=(w // 2, 48)).inflate(24, 12)
        pygame.draw.rect(self.screen, (20, 22, 26), box, border_radius=6)
        pygame.draw.rect(self.screen, (230, 190, 60), box, 1, border_radius=6)
        self.screen.blit(img, img.get_rect(center=box.center))
        left -= dt
        self.toast = (text, left) if left > 0 else None

    def stop(self) -> None:
        """End the app after the frame running now (nothing is asked: see
        :func:`stop_on_terminate`)."""
        self.running = False

    def run(self) -> int:
        """Run until the window closes; returns the exit code."""
        while self.running:
            dt = self.clock.tick(60) / 1000.0
            self.step(pygame.event.get(), dt)
        pygame.quit()
        return 0


def process_age_ms() -> float:
    """Milliseconds since this process started (Linux ``/proc``; since the import of this
    module elsewhere). ``WARBENCH_FIRST_FRAME_MS=1`` prints it at the first flip, ``=exit``
    also quits there (start-up measurement)."""
    try:
        with open("/proc/self/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        start = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return (uptime - start) * 1000.0
    except (OSError, ValueError, IndexError):
        return (time.perf_counter() - _IMPORTED) * 1000.0


def main(path: Path, size: str = "1280x800", computer: dict[int, str] | None = None) -> int:
    """Open the desktop table on ``path`` (a scenario or a save); offer the autosave first
    (not when ``computer`` names the sides the computer plays: that game starts at once)."""
    from game.scenario.autosave import unfinished_games
    from game.ui.headless import parse_size
    from game.ui.screens import ResumeScene, start_table

    try:
        dims = parse_size(size)
    except ValueError:
        dims = DEFAULT_SIZE
    if os.environ.get("WARBENCH_FULLSCREEN"):
        dims = DEFAULT_SIZE
    app = App(dims)
    stop_on_terminate(app)
    if computer is None and any(not g.open_elsewhere for g in unfinished_games()):
        app.switch(ResumeScene(app, path))
    else:
        start_table(app, path, computer)
    return app.run()


def stop_on_terminate(app: App) -> None:
    """End ``app`` cleanly on a termination signal (a session logging out, ``kill``): SDL made
    it a window close, which a table answers by asking first, so the process never ended.
    Nothing is lost: every action is autosaved as it is made."""
    signal.signal(signal.SIGTERM, lambda signum, frame: app.stop())


def settle_memory() -> None:
    """Collect the garbage of the scene just left, then freeze what is alive (the loaded game,
    its table, the imported modules) out of the collector's sight: without it a full
    collection rescans every unit, tray and cached shape, a pause of 50-200 ms measured in
    the middle of clicks and hovers at 200-800 trays (issue 12). Objects made later are
    collected as usual; the next switch unfreezes and collects everything again, so nothing
    frozen is kept once it is garbage. The first switch (start-up) only freezes: a full
    collection then costs ~50 ms of the first frame and finds almost nothing."""
    if gc.get_freeze_count():
        gc.unfreeze()
        gc.collect()
    gc.freeze()
