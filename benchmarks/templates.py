"""The template engine for the hot public pages, chosen by measurement: Django templates against Jinja2.

    python benchmarks/templates.py                 # a 250-board round, 9 runs each
    python benchmarks/templates.py --boards 500 --runs 20

The hot part of the public pages is a loop over many rows: the round page's 250 boards of a 500-player
round (two links to the players' pages per board), the standings' hundreds of lines. This renders the
round page's board rows (the markup of ``tournaments/round.html``, the same output from each engine: checked)
with each engine, the links made by ``reverse`` per row as the page does and from one prefix, and prints the
CPU time (``time.process_time``, median of the runs) per rendering. The result: the lists' table is a Jinja2
template with links from one prefix (``swisspair_web/jinja.py``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swisspair_web.settings")
os.environ.setdefault("SECRET_KEY", "templates-benchmark")

DJANGO_REVERSE = (
    "{% for line in boards %}{% with b=line.board %}<tr><td class=\"n\">{{ b.number }}</td><td class=\"n hide-s\">"
    "{{ b.white.tpn }}</td><td><a href=\"{% url 'sp-player' slug section b.white.tpn %}\">{{ b.white.name }}</a>"
    "</td><td class=\"n hide-s\">{{ line.white_points }}</td><td class=\"result\">{{ b.result_label }}</td>"
    "<td class=\"n hide-s\">{{ line.black_points }}</td><td><a href=\"{% url 'sp-player' slug section b.black.tpn %}\">"
    "{{ b.black.name }}</a></td><td class=\"n hide-s\">{{ b.black.tpn }}</td></tr>{% endwith %}{% endfor %}")
DJANGO_PREFIX = DJANGO_REVERSE.replace("{% url 'sp-player' slug section b.white.tpn %}", "{{ players }}{{ b.white.tpn }}/") \
    .replace("{% url 'sp-player' slug section b.black.tpn %}", "{{ players }}{{ b.black.tpn }}/")
JINJA_REVERSE = (
    "{% for line in boards %}{% set b = line.board %}<tr><td class=\"n\">{{ b.number }}</td><td class=\"n hide-s\">"
    "{{ b.white.tpn }}</td><td><a href=\"{{ url('sp-player', slug, section, b.white.tpn) }}\">{{ b.white.name }}</a>"
    "</td><td class=\"n hide-s\">{{ line.white_points }}</td><td class=\"result\">{{ b.result_label }}</td>"
    "<td class=\"n hide-s\">{{ line.black_points }}</td><td><a href=\"{{ url('sp-player', slug, section, b.black.tpn) }}\">"
    "{{ b.black.name }}</a></td><td class=\"n hide-s\">{{ b.black.tpn }}</td></tr>{% endfor %}")
JINJA_PREFIX = JINJA_REVERSE.replace("{{ url('sp-player', slug, section, b.white.tpn) }}", "{{ players }}{{ b.white.tpn }}/") \
    .replace("{{ url('sp-player', slug, section, b.black.tpn) }}", "{{ players }}{{ b.black.tpn }}/")


def lines(boards: int) -> list[SimpleNamespace]:
    """``boards`` board lines as the round page gets them (a board, its players, their scores)."""
    out = []
    for i in range(boards):
        white = SimpleNamespace(tpn=i + 1, name=f"Player{i + 1:03d}, Édouard & <Co>")
        black = SimpleNamespace(tpn=boards + i + 1, name=f"Player{boards + i + 1:03d}, Zoë")
        board = SimpleNamespace(number=i + 1, white=white, black=black, result_label=("1-0", "½-½", "0-1")[i % 3])
        out.append(SimpleNamespace(board=board, white_points="4.5", black_points="4"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=250)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    import django

    django.setup()
    import jinja2
    from django.template import Context, Engine
    from django.urls import reverse

    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", file=sys.stderr)
    boards = lines(args.boards)
    players = reverse("sp-player", args=["open", "a", 1])[:-2]
    context = {"boards": boards, "slug": "open", "section": "a", "players": players}
    django_engine = Engine.get_default()
    env = jinja2.Environment(autoescape=True)
    env.globals["url"] = lambda name, *args: reverse(name, args=args)
    engines = {
        "Django, reverse per link": lambda t=django_engine.from_string(DJANGO_REVERSE): t.render(Context(context)),
        "Django, links from a prefix": lambda t=django_engine.from_string(DJANGO_PREFIX): t.render(Context(context)),
        "Jinja2, reverse per link": lambda t=env.from_string(JINJA_REVERSE): t.render(context),
        "Jinja2, links from a prefix": lambda t=env.from_string(JINJA_PREFIX): t.render(context),
    }
    outputs = {name: render() for name, render in engines.items()}
    assert len(set(outputs.values())) == 1, "the engines' outputs differ"
    print(f"| {args.boards} board rows | median CPU ms | min CPU ms |")
    print("| --- | ---: | ---: |")
    for name, render in engines.items():
        times = []
        for _ in range(args.runs):
            started = time.process_time()
            render()
            times.append((time.process_time() - started) * 1000)
        print(f"| {name} | {statistics.median(times):.1f} | {min(times):.1f} |", flush=True)


if __name__ == "__main__":
    main()
