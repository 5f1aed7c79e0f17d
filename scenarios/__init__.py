"""Shipped scenarios: installed as the package ``game.shipped_scenarios`` (see setup.py) and
read through importlib.resources by ``game/scenario/paths.py``; commands accept their names."""
