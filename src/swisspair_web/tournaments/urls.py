"""URLs of the tournaments app (names start with ``sp-``)."""

from __future__ import annotations

from django.urls import path

from swisspair_web.tournaments.pages import (
    cards,
    jobs,
    numbering,
    playoffs,
    presence,
    prizes,
    registration,
    results,
    trf,
)
from swisspair_web.tournaments.pages import roundrobin as round_robin_pages
from swisspair_web.tournaments.pages import categories as category_pages
from swisspair_web.tournaments.pages import events as event_pages
from swisspair_web.tournaments.pages import help as help_pages
from swisspair_web.tournaments.pages import players as player_pages
from swisspair_web.tournaments.pages import rounds as round_pages
from swisspair_web.tournaments.pages import sections as section_pages
from swisspair_web.tournaments.pages import teams as team_pages
from swisspair_web.tournaments.public import (
    categories,
    common,
    events,
    exports,
    hall,
    lists,
    norms,
    players,
    ratings,
    roundrobin,
    rounds,
    sections,
    standings,
    teams,
)
from swisspair_web.tournaments.public.caching import public_page
from swisspair_web.tournaments.public.common import served

S = "e/<slug:slug>/<slug:section>/"

# public_page: ETag and the shared cache for visitors not logged in (public/caching.py). The public pages are
# built in public/, the arbiters' in pages/.
urlpatterns = [
    path("", event_pages.index, name="sp-index"),
    path("help/", help_pages.help_page, name="sp-help"),
    path("events/new/", event_pages.event_new, name="sp-event-new"),
    path("e/<slug:slug>/", public_page(events.event_page), name="sp-event"),
    path("e/<slug:slug>/edit/", event_pages.event_edit, name="sp-event-edit"),
    path("e/<slug:slug>/arbiters/", event_pages.event_arbiters, name="sp-event-arbiters"),
    path("e/<slug:slug>/audit/", event_pages.event_audit, name="sp-event-audit"),
    path("e/<slug:slug>/sections/new/", section_pages.section_new, name="sp-section-new"),
    path("e/<slug:slug>/sections/import-trf/", trf.import_trf, name="sp-import-trf"),
    path("jobs/<int:pk>/", jobs.job_view, name="sp-job"),
    path(S, public_page(sections.section_page), name="sp-section"),
    path(S + "manage/", section_pages.section_manage, name="sp-section-manage"),
    path(S + "edit/", section_pages.section_edit, name="sp-section-edit"),
    path(S + "players/add/", player_pages.player_add, name="sp-player-add"),
    path(S + "players/import/", player_pages.players_import, name="sp-players-import"),
    path(S + "players/<int:tpn>/", public_page(players.player_page), name="sp-player"),
    path(S + "players/<int:tpn>/edit/", player_pages.player_edit, name="sp-player-edit"),
    path(S + "players/<int:tpn>/action/", player_pages.player_action, name="sp-player-action"),
    path(S + "search/", served(players.search_page), name="sp-search"),
    path(S + "byes/", player_pages.bye, name="sp-bye"),
    path(S + "renumber/", numbering.renumber, name="sp-renumber"),
    path(S + "pair/", round_pages.pair, name="sp-pair"),
    path(S + "rounds/<int:number>/", public_page(rounds.round_page), name="sp-round"),
    path(S + "rounds/<int:number>/results/", results.results, name="sp-results"),
    path(S + "rounds/<int:number>/publish/", round_pages.publish, name="sp-publish"),
    path(S + "rounds/<int:number>/unpair/", round_pages.unpair, name="sp-unpair"),
    path(S + "rounds/<int:number>/adjust/", round_pages.adjust, name="sp-adjust"),
    path(S + "rounds/<int:number>/forfeit/", team_pages.match_forfeit, name="sp-match-forfeit"),
    path(S + "standings/", public_page(standings.standings_page), name="sp-standings"),
    path(S + "teams/", public_page(teams.teams_page), name="sp-teams"),
    path(S + "teams/new/", team_pages.team_new, name="sp-team-new"),
    path(S + "teams/<int:number>/", public_page(teams.team_page), name="sp-team"),
    path(S + "teams/<int:number>/action/", team_pages.team_action, name="sp-team-action"),
    path(S + "playoffs/new/", playoffs.playoff_new, name="sp-playoff-new"),
    path(S + "playoffs/<int:place>/", playoffs.playoff_action, name="sp-playoff-action"),
    path(S + "crosstable/", public_page(standings.crosstable_page), name="sp-crosstable"),
    path(S + "export.trf", trf.export_trf, name="sp-export-trf"),
    path(S + "export/<str:what>.csv", public_page(exports.export_csv), name="sp-export-csv"),
    path(S + "export/<str:what>.pdf", public_page(exports.export_pdf), name="sp-export-pdf"),
    path(S + "print/<str:what>/", public_page(exports.print_view), name="sp-print"),
    # categories, prizes, rating report, norms
    path(S + "categories/", public_page(category_pages.categories_view), name="sp-categories"),
    path(S + "categories/add/", category_pages.category_add, name="sp-category-add"),
    path(S + "categories/<int:pk>/", public_page(categories.category_page), name="sp-category"),
    path(S + "categories/<int:pk>/edit/", category_pages.category_edit, name="sp-category-edit"),
    path(S + "players/details/", category_pages.player_details, name="sp-player-details"),
    path(S + "prizes/", public_page(prizes.prizes_view), name="sp-prizes"),
    path(S + "prizes/settings/", category_pages.award_settings, name="sp-award-settings"),
    path(S + "prizes/publish/", prizes.prizes_publish, name="sp-prizes-publish"),
    path(S + "prizes.<str:fmt>", public_page(prizes.prizes_export), name="sp-prizes-export"),
    path(S + "ratings/", public_page(ratings.ratings_page), name="sp-ratings"),
    path(S + "ratings.<str:fmt>", public_page(ratings.ratings_export), name="sp-ratings-export"),
    path(S + "norms/", public_page(norms.norms_page), name="sp-norms"),
    path(S + "norms/<int:tpn>/<str:title>.pdf", public_page(roundrobin.norm_certificate_pdf),
         name="sp-norm-certificate"),
    # round-robins: the schedule of all rounds, the crosstable grid, the drawing of numbers
    path(S + "schedule/", public_page(roundrobin.schedule_page), name="sp-schedule"),
    path(S + "schedule/print/", public_page(roundrobin.schedule_print), name="sp-schedule-print"),
    path(S + "schedule.<str:fmt>", public_page(roundrobin.schedule_export), name="sp-schedule-export"),
    path(S + "schedule/publish/", round_robin_pages.publish_schedule, name="sp-schedule-publish"),
    path(S + "grid/", public_page(roundrobin.grid_page), name="sp-grid"),
    path(S + "grid/print/", public_page(roundrobin.grid_print), name="sp-grid-print"),
    path(S + "grid.<str:fmt>", public_page(roundrobin.grid_export), name="sp-grid-export"),
    path(S + "draw/", round_robin_pages.draw_numbers, name="sp-draw-numbers"),
    # entries, check-in, lists for the hall, cards
    path(S + "register/", registration.register, name="sp-register"),
    path(S + "register/lookup.json", registration.lookup, name="sp-register-lookup"),
    path(S + "entry/<str:token>/", registration.entry_page, name="sp-entry"),
    path(S + "entries/", registration.entries, name="sp-entries"),
    path(S + "entries/rating-list/", registration.entry_list, name="sp-entries-list"),
    path(S + "entries/print/", registration.entries_print, name="sp-entries-print"),
    path(S + "entries.<str:fmt>", registration.entries_export, name="sp-entries-export"),
    path(S + "presence/", presence.presence_page, name="sp-presence"),
    path(S + "presence/print/", presence.presence_print, name="sp-presence-print"),
    path(S + "presence.<str:fmt>", presence.presence_export, name="sp-presence-export"),
    path(S + "start-list/", public_page(lists.start_list_page), name="sp-start-list"),
    path(S + "start-list/print/", public_page(lists.start_list_print), name="sp-start-list-print"),
    path(S + "start-list.<str:fmt>", public_page(lists.start_list_export), name="sp-start-list-export"),
    path(S + "rounds/<int:number>/by-name/", public_page(lists.by_name_page), name="sp-by-name"),
    path(S + "rounds/<int:number>/by-name/print/", public_page(lists.by_name_print), name="sp-by-name-print"),
    path(S + "rounds/<int:number>/by-name.<str:fmt>", public_page(lists.by_name_export), name="sp-by-name-export"),
    path(S + "hall/", public_page(hall.hall_page), name="sp-hall"),
    path(S + "rounds/<int:number>/cards/<str:kind>/", cards.cards_print, name="sp-cards-print"),
    path(S + "rounds/<int:number>/cards/<str:kind>.pdf", cards.cards_pdf, name="sp-cards-pdf"),
    path(S + "numbers/", cards.numbers_print, name="sp-numbers-print"),
    path(S + "numbers.pdf", cards.numbers_pdf_view, name="sp-numbers-pdf"),
    path("api/" + S + "hall.json", public_page(hall.hall_json), name="sp-api-hall"),
    path("api/events.json", served(events.events_json), name="sp-api-events"),
    path("api/jobs/<int:pk>.json", jobs.job_json, name="sp-api-job"),
    path("api/e/<slug:slug>.json", public_page(events.event_json), name="sp-api-event"),
    path("api/" + S[:-1] + ".json", public_page(sections.section_json), name="sp-api-section"),
    path("api/" + S + "rounds/<int:number>.json", public_page(rounds.round_json), name="sp-api-round"),
    path("api/" + S + "standings.json", public_page(standings.standings_json), name="sp-api-standings"),
    path("api/" + S + "players/<int:tpn>.json", public_page(players.player_json), name="sp-api-player"),
    path("api/" + S + "teams/<int:number>.json", public_page(teams.team_json), name="sp-api-team"),
    path("api/" + S + "prizes.json", public_page(prizes.prizes_export), {"fmt": "json"}, name="sp-api-prizes"),
    path("api/", served(common.not_found)),
    path("api/<path:rest>", served(common.not_found), name="sp-api-not-found"),  # last: an unknown API path
]
