"""URLs of the tournaments app (names start with ``sp-``)."""

from __future__ import annotations

from django.urls import path

from swisspair_web.tournaments import api, exports, team_views, views
from swisspair_web.tournaments.caching import public_page

S = "e/<slug:slug>/<slug:section>/"

# public_page: ETag / Last-Modified and the shared cache for visitors not logged in (caching.py).
urlpatterns = [
    path("", views.index, name="sp-index"),
    path("events/new/", views.event_new, name="sp-event-new"),
    path("e/<slug:slug>/", public_page(views.event), name="sp-event"),
    path("e/<slug:slug>/edit/", views.event_edit, name="sp-event-edit"),
    path("e/<slug:slug>/arbiters/", views.event_arbiters, name="sp-event-arbiters"),
    path("e/<slug:slug>/audit/", views.event_audit, name="sp-event-audit"),
    path("e/<slug:slug>/sections/new/", views.section_new, name="sp-section-new"),
    path("e/<slug:slug>/sections/import-trf/", views.import_trf, name="sp-import-trf"),
    path("jobs/<int:pk>/", views.job_view, name="sp-job"),
    path(S, public_page(views.section), name="sp-section"),
    path(S + "manage/", views.section_manage, name="sp-section-manage"),
    path(S + "edit/", views.section_edit, name="sp-section-edit"),
    path(S + "players/add/", views.player_add, name="sp-player-add"),
    path(S + "players/import/", views.players_import, name="sp-players-import"),
    path(S + "players/<int:tpn>/", public_page(views.player_card), name="sp-player"),
    path(S + "players/<int:tpn>/edit/", views.player_edit, name="sp-player-edit"),
    path(S + "players/<int:tpn>/action/", views.player_action, name="sp-player-action"),
    path(S + "search/", views.search, name="sp-search"),
    path(S + "byes/", views.bye, name="sp-bye"),
    path(S + "renumber/", views.renumber, name="sp-renumber"),
    path(S + "pair/", views.pair, name="sp-pair"),
    path(S + "rounds/<int:number>/", public_page(views.round_view), name="sp-round"),
    path(S + "rounds/<int:number>/results/", views.results, name="sp-results"),
    path(S + "rounds/<int:number>/publish/", views.publish, name="sp-publish"),
    path(S + "rounds/<int:number>/unpair/", views.unpair, name="sp-unpair"),
    path(S + "rounds/<int:number>/adjust/", views.adjust, name="sp-adjust"),
    path(S + "rounds/<int:number>/forfeit/", team_views.match_forfeit, name="sp-match-forfeit"),
    path(S + "standings/", public_page(views.standings_view), name="sp-standings"),
    path(S + "teams/", public_page(team_views.teams_view), name="sp-teams"),
    path(S + "teams/new/", team_views.team_new, name="sp-team-new"),
    path(S + "teams/<int:number>/", public_page(team_views.team_card), name="sp-team"),
    path(S + "teams/<int:number>/action/", team_views.team_action, name="sp-team-action"),
    path(S + "playoffs/new/", views.playoff_new, name="sp-playoff-new"),
    path(S + "playoffs/<int:place>/", views.playoff_action, name="sp-playoff-action"),
    path(S + "crosstable/", public_page(views.crosstable), name="sp-crosstable"),
    path(S + "export.trf", exports.export_trf, name="sp-export-trf"),
    path(S + "export/<str:what>.csv", public_page(exports.export_csv), name="sp-export-csv"),
    path(S + "export/<str:what>.pdf", public_page(exports.export_pdf), name="sp-export-pdf"),
    path(S + "print/<str:what>/", public_page(exports.print_view), name="sp-print"),
    path("api/events.json", api.events, name="sp-api-events"),
    path("api/jobs/<int:pk>.json", api.job, name="sp-api-job"),
    path("api/e/<slug:slug>.json", public_page(api.event), name="sp-api-event"),
    path("api/" + S[:-1] + ".json", public_page(api.section), name="sp-api-section"),
    path("api/" + S + "rounds/<int:number>.json", public_page(api.round_), name="sp-api-round"),
    path("api/" + S + "standings.json", public_page(api.standings_), name="sp-api-standings"),
    path("api/" + S + "players/<int:tpn>.json", public_page(api.player), name="sp-api-player"),
    path("api/" + S + "teams/<int:number>.json", public_page(api.team), name="sp-api-team"),
    path("api/", api.not_found),
    path("api/<path:rest>", api.not_found, name="sp-api-not-found"),  # last: an unknown API path
]
