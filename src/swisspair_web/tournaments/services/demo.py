"""A demo event for ``swisspair serve --demo``: 24 players, three rounds played, written by the operations
of this package."""

from __future__ import annotations

import random

from django.contrib.auth import get_user_model

from swisspair_web.tournaments.reads.players import PlayerData
from swisspair_web.tournaments.rows import Event, EventRole, Section
from swisspair_web.tournaments.services.effects import operation
from swisspair_web.tournaments.services.events import create_event
from swisspair_web.tournaments.services.players import add_players
from swisspair_web.tournaments.services.results import seen, set_results
from swisspair_web.tournaments.services.rounds import pair_next_round, publish_round

FIRST = ["Anna", "Boris", "Cecilia", "Dmitri", "Elena", "Filip", "Galina", "Henryk", "Irena", "Jan", "Katarina",
         "Lev", "Maria", "Nikolai", "Olga", "Pavel", "Radka", "Stefan", "Tereza", "Vasil", "Wanda", "Yuri", "Zofia",
         "Petar"]
LAST = ["Novak", "Petrov", "Kowalski", "Ivanova", "Dvořák", "Georgiev", "Nowak", "Smirnov", "Horáková", "Dimitrova",
        "Wiśniewski", "Kuznetsov", "Svoboda", "Todorov", "Zielińska", "Popov", "Černý", "Stoyanova", "Lewandowski",
        "Volkov", "Procházka", "Angelov", "Kamińska", "Sokolov"]


def create_demo(username: str = "demo", password: str = "demo") -> tuple[Event, bool]:
    """The demo event (created once) and whether the demo account was created now."""
    users = get_user_model()
    rng = random.Random(2026)
    with operation():
        user = users.objects.filter(username=username).first()
        created_user = user is None
        if user is None:
            user = users.objects.create_user(username=username, password=password)
        event = Event.objects.filter(slug="demo").first()
        if event is not None:
            EventRole.objects.get_or_create(event=event, user=user, defaults={"role": EventRole.CHIEF})
            return event, created_user
        event = create_event(user, name="swisspair demo open", slug="demo", city="Plovdiv",
                             chief_arbiter="Demo Arbiter")
        section = Section.objects.create(event=event, name="Open", slug="open", rounds=7, initial_colour="w")
        players = [PlayerData(name=f"{LAST[i]}, {FIRST[i]}", rating=2400 - 37 * i - rng.randrange(20),
                              federation=rng.choice(["BUL", "CZE", "POL", "RUS", "SRB"]))
                   for i in range(24)]
        add_players(section, user, players, source="demo")
    for _ in range(3):
        section.refresh_from_db()
        outcome = pair_next_round(section, user)
        rnd = outcome.round
        changes = {}
        for board in rnd.boards.all():
            changes[board.number] = (rng.choice(["10", "10", "==", "01"]), seen(board))
        set_results(rnd, user, changes)
        publish_round(rnd, user)
    return event, created_user
