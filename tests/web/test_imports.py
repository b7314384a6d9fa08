"""The manager's imports from real software: CSV as Excel writes it, FIDE rating lists as FIDE publishes
them, TRF files read leniently with located warnings; importing twice never duplicates a FIDE ID."""

from __future__ import annotations

import io
import tracemalloc
import zipfile
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction
from django.test import override_settings
from hypothesis import HealthCheck, given, settings, strategies as st

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import charsets, player_import, rating_list
from swisspair_web.tournaments.rows import AuditEntry, Job, Player, PlayerDetail, Section
from swisspair_web.tournaments.services import jobs

from .helpers import BaseTestCase
from .test_convert import TRF

COMBINED = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
            "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
"""The header of FIDE's combined list (players_list_foa.txt)."""
MONTHLY = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
           "           FOA NOV26 Gms K  B-day Flag")
"""The header of FIDE's standard, rapid and blitz lists: the rating column is headed by the month."""
OLD = "ID number Name                              TitlFed  Mar11 GamesBorn  Flag"
"""The header of the lists before September 2012 (column names written together)."""


def fide_line(header: str, **cells: str) -> str:
    """A line of a FIDE TXT list: each value starts at its column header, as in FIDE's files."""
    out = [" "] * (len(header) + 4)
    for key, value in cells.items():
        start = header.index(key.replace("B_day", "B-day").replace("_", " "))
        out[start:start + len(value)] = value
    return "".join(out).rstrip()


def combined_list(*extra: str) -> str:
    rows = [COMBINED,
            fide_line(COMBINED, ID_Number="1503014", Name="Carlsen, Magnus", Fed="NOR", Sex="M", Tit="GM",
                      SRtng="2831", SGm="0", SK="10", RRtng="2823", RGm="0", Rk="10", BRtng="2886", BGm="0",
                      BK="10", B_day="1990"),
            fide_line(COMBINED, ID_Number="700070", Name="Polgar, Judit", Fed="HUN", Sex="F", Tit="GM", WTit="",
                      SRtng="2675", SGm="0", SK="10", RRtng="2646", Rk="10", BRtng="2736", BK="10",
                      B_day="1976", Flag="wi"),
            fide_line(COMBINED, ID_Number="25121731", Name="A C J John", Fed="IND", Sex="M", RRtng="1063",
                      RGm="0", Rk="40", B_day="1987", Flag="i"),
            *extra]
    return "\n".join(rows) + "\n"


class CSVEncodingTestCase(BaseTestCase):
    """CSV saved by Excel in the Windows code page of the user's locale: the names come out as written."""

    players = 0

    def post_csv(self, data: bytes, name: str = "players.csv", **fields: str) -> object:
        self.client.login(username="bob", password="password")
        return self.client.post(self.url("sp-players-import"), {"paired": "0", 
            "format": "csv", "existing": "update", "kind": "standard", "file": SimpleUploadedFile(name, data),
            **fields}, follow=True)

    def names(self) -> list[str]:
        return list(Player.objects.filter(section=self.section).order_by("id").values_list("name", flat=True))

    @pytest.mark.slow
    def test_each_windows_code_page_gives_the_names_as_written(self) -> None:
        cases = [
            ("cp1250", ";", ["Dvořák, Antonín", "Černý, Jiří", "Šťastný, Ondřej", "Novák, Petr"]),
            ("cp1250", ";", ["Łukasz, Wiśniewski", "Zieliński, Michał", "Woźniak, Anna", "Dąbrowski, Jan"]),
            ("cp1250", ";", ["Erdős, Pál", "Lőrincz, Gábor", "Szőnyi, Ádám"]),
            ("cp1250", ";", ["Kovačević, Ivan", "Petrović, Marko"]),
            ("cp1251", ";", ["Иванов, Иван", "Петров, Пётр", "Сидорова, Анна"]),
            ("cp1251", ";", ["Топалов, Веселин", "Чепаринов, Иван", "Стефанова, Антоанета"]),
            ("cp1251", ";", ["Іванчук, Василь", "Музичук, Анна"]),
            ("cp1252", ",", ["Müller, Jürgen", "Groß, Ärnold", "Lefèvre, Hélène", "Núñez, José"]),
            ("cp1252", ",", ["Høgsæt, Åse", "Garçon, François"]),
        ]
        for encoding, delimiter, names in cases:
            with self.subTest(encoding=encoding, names=names[0]):
                Player.objects.filter(section=self.section).delete()
                text = f"Name{delimiter}Rating\r\n" + "".join(
                    f'"{n}"{delimiter}{2000 + i}\r\n' if delimiter == "," else f"{n}{delimiter}{2000 + i}\r\n"
                    for i, n in enumerate(names))
                response = self.post_csv(text.encode(encoding))
                self.assertEqual(self.names(), names)
                self.assertContains(response, str(charsets.NAMES[encoding]))

    @pytest.mark.slow
    def test_utf8_with_and_without_bom_and_utf16_unicode_text(self) -> None:
        names = ["Dvořák, Antonín", "Иванов, Иван", "Müller, Jürgen"]
        files = [("\ufeffname;rating\n" + "".join(f"{n};2000\n" for n in names)).encode("utf-8"),
                 ("name;rating\n" + "".join(f"{n};2000\n" for n in names)).encode("utf-8"),
                 ("name\trating\r\n" + "".join(f"{n}\t2000\r\n" for n in names)).encode("utf-16")]
        for data in files:
            with self.subTest(data=data[:8]):
                Player.objects.filter(section=self.section).delete()
                self.post_csv(data)
                self.assertEqual(self.names(), names)

    def test_a_tie_goes_to_the_code_page_of_the_interface_language(self) -> None:
        data = "name\nKamiński, Jan\n".encode("cp1250")  # cp1252 reads "Kamiñski": Spanish has ñ
        self.assertEqual(charsets.decode(data, language="pl").text, "name\nKamiński, Jan\n")
        self.assertEqual(charsets.decode(data, language="cs").encoding, "cp1250")
        self.assertEqual(charsets.decode(data, language="en").encoding, "cp1252")
        self.assertEqual(charsets.decode("Иван".encode("cp1251"), language="en").encoding, "cp1251")

    def test_the_arbiter_may_choose_the_encoding(self) -> None:
        self.post_csv("name\nKamiński, Jan\n".encode("cp1250"), encoding="cp1250")
        self.assertEqual(self.names(), ["Kamiński, Jan"])

    def test_bytes_that_no_code_page_reads_are_refused_with_their_place(self) -> None:
        response = self.post_csv(b"name\nAb\x81cd\x98, E\n")
        self.assertContains(response, "players.csv: line 2, column 3: byte 0x81")
        self.assertEqual(self.names(), [])

    def test_fields_pairing_does_not_need_are_warnings_not_refusals(self) -> None:
        response = self.post_csv(b"name;title;fed;fide id;sex;rating\nA, B;AGM;12;x1;q;2000\nC, D;GM;NOR;7;m;2500\n")
        self.assertContains(response, "Imported 2 players. Read as UTF-8.")
        for warning in ("players.csv:2: Unknown title: AGM (left empty)",
                        "players.csv:2: Federation must be a three-letter code. (left empty)",
                        "players.csv:2: FIDE ID must be a number written with the digits 0-9, not “x1”. (left empty)",
                        "players.csv:2: Sex must be m, w or empty. (left empty)"):
            self.assertContains(response, warning)
        self.assertEqual(list(Player.objects.filter(section=self.section).values_list(  # by rating (C.04.2 2.2)
            "title", "federation", "fide_id", "sex", "rating")), [("GM", "NOR", "7", "m", 2500), ("", "", "", "", 2000)])
        response = self.post_csv(b"name;rating\nE, F;5000\n")  # a rating changes the pairing: refused
        self.assertContains(response, "players.csv:2: Rating out of range: 5000")
        response = self.post_csv(b"rating;name\n2000\n")  # a short row
        self.assertContains(response, "players.csv:2: A player needs a name.")

    def test_binary_data_is_refused_with_its_place(self) -> None:
        response = self.post_csv(b"name\nA\x00B\n")
        self.assertContains(response, "players.csv: line 2, column 2: binary data (NUL byte)")
        self.assertEqual(self.names(), [])

    def test_delimiters_as_excel_writes_them(self) -> None:
        files = [b"name;rating;fed\nNovak, Jan;2100;CZE\n", b'name,rating,fed\n"Novak, Jan",2100,CZE\n',
                 b"sep=;\nname;rating;fed\nNovak, Jan;2100;CZE\n", b"name\trating\tfed\nNovak, Jan\t2100\tCZE\n"]
        for data in files:
            with self.subTest(data=data[:12]):
                read = player_import.read_csv(data)
                [(line, player)] = read.rows
                self.assertEqual((player.name, player.rating, player.federation), ("Novak, Jan", 2100, "CZE"))
                self.assertEqual(line, 3 if data.startswith(b"sep") else 2)

    def test_last_and_first_name_columns_in_the_arbiters_language(self) -> None:
        data = "Фамилия;Имя;Рейтинг;FIDE ID\nИванов;Иван;2100;4100018\n".encode("cp1251")
        [(_, player)] = player_import.read_csv(data).rows
        self.assertEqual((player.name, player.rating, player.fide_id), ("Иванов, Иван", 2100, "4100018"))
        [(_, player)] = player_import.read_csv("Příjmení;Jméno\nNovák;Jan\n".encode("cp1250")).rows
        self.assertEqual(player.name, "Novák, Jan")

    def test_a_bad_cell_is_refused_with_file_line_and_field(self) -> None:
        response = self.post_csv(b"name;rating\nGood, One;2000\nBad, Two;20x0\n", name="club.csv")
        self.assertContains(response, "club.csv:3: field 2 (rating): rating is not a number: 20x0")
        self.assertEqual(self.names(), [])


class ImportTwiceTestCase(BaseTestCase):
    """Importing the same players twice updates them (or refuses), never a second player with a FIDE ID."""

    players = 0
    CSV = "name;rating;fide id;club\nAlpha, Anna;2100;111;Zenit\nBeta, Boris;1900;222;\nGamma, Gil;1800;;\n"

    def post(self, data: str | bytes, existing: str = "update", fmt: str = "csv", **fields: str) -> object:
        self.client.login(username="bob", password="password")
        raw = data.encode() if isinstance(data, str) else data
        return self.client.post(self.url("sp-players-import"), {"paired": "0", 
            "format": fmt, "existing": existing, "kind": "standard", "file": SimpleUploadedFile("p.csv", raw),
            **fields}, follow=True)

    @pytest.mark.slow
    def test_the_second_import_updates_by_fide_id(self) -> None:
        self.post(self.CSV)
        response = self.post("name;rating;fide id\nAlpha, Anna;2150;111\nBeta, Boris;1900;222\nDelta, Dan;1700;333\n")
        self.assertContains(response, "Players added: 1; updated: 1; unchanged: 1.")
        rows = list(Player.objects.filter(section=self.section).order_by("tpn")
                    .values_list("tpn", "name", "rating", "fide_id", "club"))
        self.assertEqual(rows, [(1, "Alpha, Anna", 2150, "111", "Zenit"), (2, "Beta, Boris", 1900, "222", ""),
                                (3, "Gamma, Gil", 1800, "", ""), (4, "Delta, Dan", 1700, "333", "")])

    def test_refuse_names_the_players_and_writes_nothing(self) -> None:
        self.post(self.CSV)
        response = self.post("name;rating;fide id\nDelta, Dan;1700;333\nAlpha, Anna;2150;111\n", existing="refuse")
        self.assertContains(response, "1 player of the file is in the section already (same FIDE ID): "
                                      "p.csv:3: 111 = 1. Alpha, Anna")
        self.assertEqual(Player.objects.filter(section=self.section).count(), 3)
        self.assertEqual(Player.objects.get(fide_id="111").rating, 2100)

    def test_only_update_adds_nobody(self) -> None:
        self.post(self.CSV)
        self.post("name;rating;fide id\nAlpha, Anna;2200;111\nDelta, Dan;1700;333\n", existing="only")
        self.assertEqual(Player.objects.filter(section=self.section).count(), 3)
        self.assertEqual(Player.objects.get(fide_id="111").rating, 2200)

    def test_a_file_giving_one_fide_id_twice_is_refused(self) -> None:
        response = self.post("name;fide id\nAlpha, Anna;111\nBeta, Boris;222\nAlpha, A.;111\n")
        self.assertContains(response, "p.csv:4: FIDE ID 111 is also on line 2.")
        self.assertEqual(Player.objects.filter(section=self.section).count(), 0)

    def test_the_database_refuses_a_second_player_with_a_fide_id(self) -> None:
        Player.objects.create(section=self.section, tpn=1, name="A", fide_id="111")
        Player.objects.create(section=self.section, tpn=2, name="B")
        Player.objects.create(section=self.section, tpn=3, name="C")  # no FIDE ID: any number of them
        other = Section.objects.create(event=self.event, name="B", slug="b", rounds=5)
        Player.objects.create(section=other, tpn=1, name="A", fide_id="111")  # another section: fine
        with self.assertRaises(IntegrityError), transaction.atomic():
            Player.objects.create(section=self.section, tpn=4, name="A again", fide_id="111")

    def test_by_hand_a_known_fide_id_is_refused_with_the_reason(self) -> None:
        [alpha] = services.add_players(self.section, self.alice, [services.PlayerData(name="A", fide_id="111")])
        [beta] = services.add_players(self.section, self.alice, [services.PlayerData(name="B", fide_id="222")])
        with self.assertRaisesMessage(services.OperationError, "FIDE ID 111 belongs to 1. A already"):
            services.add_players(self.section, self.alice, [services.PlayerData(name="A2", fide_id="111")])
        with self.assertRaisesMessage(services.OperationError, "FIDE ID 111 belongs to 1. A already"):
            services.update_player(beta, self.alice, services.PlayerData(name="B", fide_id="111"), beta.version)
        services.update_player(alpha, self.alice, services.PlayerData(name="A", rating=1500, fide_id="111"),
                               alpha.version)  # the player's own ID is no conflict

    def test_a_rating_list_updates_the_ratings_of_the_section(self) -> None:
        services.add_players(self.section, self.alice, [
            services.PlayerData(name="Carlsen, M.", rating=2800, fide_id="1503014", club="Offerspill"),
            services.PlayerData(name="Local, Lou", rating=1500)])
        response = self.post(combined_list(), existing="only", fmt="fide")
        self.assertContains(response, "Players added: 0; updated: 1; unchanged: 0.")
        carlsen = Player.objects.get(fide_id="1503014")
        self.assertEqual((carlsen.name, carlsen.rating, carlsen.title, carlsen.club),
                         ("Carlsen, Magnus", 2831, "GM", "Offerspill"))
        self.assertEqual(Player.objects.filter(section=self.section).count(), 2)
        self.assertTrue(AuditEntry.objects.filter(action="players-imported").exists())
        self.assertEqual(PlayerDetail.objects.get(player=carlsen).k_factor, 10)  # the list's K (7.1.2)


@override_settings(SWISSPAIR_BACKGROUND_LIST_BYTES=500)
class RatingListJobTestCase(BaseTestCase):
    """A big rating list is read in a background job with a progress page; nothing else changes."""

    players = 0

    def test_a_big_list_is_imported_in_a_job(self) -> None:
        uploads = Path(django_settings.DATA_DIR) / "uploads"
        before = set(uploads.glob("rating-list-*"))
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-players-import"), {"paired": "0", 
            "format": "fide", "kind": "rapid", "fide_ids": "700070 25121731", "existing": "update",
            "file": SimpleUploadedFile("players_list_foa.txt", combined_list().encode())})
        job = Job.objects.get()
        self.assertRedirects(response, f"/jobs/{job.pk}/", fetch_redirect_response=False)
        self.assertEqual(len(set(uploads.glob("rating-list-*")) - before), 1)  # kept for the worker
        jobs.run_queued()
        job.refresh_from_db()
        self.assertEqual((job.state, job.url), ("done", "/e/test/open/manage/"))
        self.assertEqual(list(Player.objects.filter(section=self.section).values_list("name", "rating")),
                         [("Polgar, Judit", 2646), ("A C J John", 1063)])
        self.assertEqual(set(uploads.glob("rating-list-*")), before)
        jobs.run_job.call(job.pk)  # run again: nothing more
        self.assertEqual(Player.objects.filter(section=self.section).count(), 2)


class RatingListTestCase(BaseTestCase):
    """FIDE's TXT lists (combined, and monthly standard / rapid / blitz), XML and ZIP, read as a stream."""

    players = 0

    def read(self, text: str | bytes, **options: object) -> player_import.ReadPlayers:
        data = text.encode() if isinstance(text, str) else text
        return rating_list.read(io.BytesIO(data), source="list.txt", **options)  # type: ignore[arg-type]

    def test_the_combined_list_gives_the_rating_of_the_chosen_kind(self) -> None:
        for kind, ratings in (("standard", [2831, 2675, 0]), ("rapid", [2823, 2646, 1063]),
                              ("blitz", [2886, 2736, 0])):
            with self.subTest(kind=kind):
                read = self.read(combined_list(), kind=kind)
                self.assertEqual([p.rating for _, p in read.rows], ratings)
        # the K of the rating taken (B.02 7.1.2: the list publishes it), for the rating report
        self.assertEqual(self.read(combined_list(), kind="rapid").k_factors,
                         {"1503014": 10, "700070": 10, "25121731": 40})
        self.assertEqual(self.read(combined_list()).k_factors, {"1503014": 10, "700070": 10})
        carlsen, polgar = [p for _, p in self.read(combined_list()).rows][:2]
        self.assertEqual((carlsen.fide_id, carlsen.name, carlsen.federation, carlsen.sex, carlsen.title,
                          carlsen.birth_date), ("1503014", "Carlsen, Magnus", "NOR", "m", "GM", "1990/00/00"))
        self.assertEqual((polgar.sex, polgar.federation), ("w", "HUN"))

    def test_a_monthly_list_reads_the_column_headed_by_the_month(self) -> None:
        text = "\r\n".join([MONTHLY, fide_line(MONTHLY, ID_Number="4100018", Name="Kasparov, Garry", Fed="RUS",
                                                 Sex="M", Tit="GM", NOV26="2812", Gms="0", K="10", B_day="1963",
                                                 Flag="i")]) + "\r\n"
        read = self.read(text)
        [(line, kasparov)] = read.rows
        self.assertEqual((line, kasparov.rating, kasparov.title, kasparov.birth_date), (2, 2812, "GM", "1963/00/00"))
        self.assertIn("NOV26", read.encoding)
        self.assertEqual(read.k_factors, {"4100018": 10})

    def test_the_lists_before_2012(self) -> None:
        text = OLD + "\n" + fide_line(OLD, ID_number="1503014", Name="Carlsen, Magnus", Titl="g",
                                      Fed="NOR", Mar11="2815", Games="9", Born="1990") + "\n"
        [(_, player)] = self.read(text).rows
        self.assertEqual((player.name, player.federation, player.rating), ("Carlsen, Magnus", "NOR", 2815))

    def test_xml_and_zip_as_fide_publishes_them(self) -> None:
        xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n<player>\n<fideid>1503014</fideid>\n'
               "<name>Carlsen, Magnus</name>\n<country>NOR</country>\n<sex>M</sex>\n<title>GM</title>\n"
               "<w_title></w_title>\n<o_title></o_title>\n<foa_title></foa_title>\n<rating>2831</rating>\n"
               "<games>0</games>\n<k>10</k>\n<rapid_rating>2823</rapid_rating>\n<rapid_games>0</rapid_games>\n"
               "<rapid_k>10</rapid_k>\n<blitz_rating>2886</blitz_rating>\n<blitz_games>0</blitz_games>\n"
               "<blitz_k>10</blitz_k>\n<birthday>1990</birthday>\n<flag></flag>\n</player>\n"
               "<player><fideid>7654321</fideid><name>Müller, Jörg</name><country>GER</country><sex>M</sex>"
               "<title></title><rating></rating><rapid_rating>1700</rapid_rating><birthday></birthday></player>\n"
               "<player><fideid>7654322</fideid><name>Slow, Sam</name><rating>2000</rating>"
               "<rapid_rating></rapid_rating><blitz_rating/></player>\n"
               "</playerslist>\n")
        read = self.read(xml, kind="rapid")
        self.assertEqual([(p.name, p.rating, p.birth_date) for _, p in read.rows],
                         [("Carlsen, Magnus", 2823, "1990/00/00"), ("Müller, Jörg", 1700, ""), ("Slow, Sam", 0, "")])
        self.assertEqual([line for line, _ in read.rows], [3, 24, 25])
        self.assertEqual(read.k_factors, {"1503014": 10})
        self.assertEqual([p.rating for _, p in self.read(xml, kind="blitz").rows], [2886, 0, 0])
        self.assertEqual([p.rating for _, p in self.read(xml).rows], [2831, 0, 2000])
        monthly = "<playerslist><player><fideid>1</fideid><name>A, B</name><rating>1900</rating></player></playerslist>"
        self.assertEqual([p.rating for _, p in self.read(monthly, kind="blitz").rows], [1900])
        archive = io.BytesIO()
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
            out.writestr("players_list_foa.txt", combined_list())
        read = self.read(archive.getvalue(), ids={"700070"})
        self.assertEqual([p.name for _, p in read.rows], ["Polgar, Judit"])
        self.assertEqual(read.source, "list.txt/players_list_foa.txt")
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-players-import"), {"paired": "0", 
            "format": "fide", "fide_ids": "1503014, 700070", "file": SimpleUploadedFile("players_list.zip",
                                                                                       archive.getvalue())},
            follow=True)
        self.assertContains(response, "Imported 2 players. Read as FIDE combined rating list, standard.")
        self.assertEqual(list(Player.objects.filter(section=self.section).values_list("name", flat=True)),
                         ["Carlsen, Magnus", "Polgar, Judit"])

    def test_malformed_lines_are_refused_with_file_line_column_and_header(self) -> None:
        bad_id = fide_line(COMBINED, ID_Number="15O3014", Name="Carlsen, Magnus", SRtng="2831")
        bad_rating = fide_line(COMBINED, ID_Number="1503015", Name="Carlsen, Magnus", SRtng="28x1")
        for line, message in ((bad_id, "list.txt:5:1: ID Number: expected a FIDE ID (digits), found '15O3014'"),
                              (bad_rating, "list.txt:5:114: SRtng: expected a rating, found '28x1'"),
                              ("12345", "list.txt:5: line too short: no name (column 16)")):
            with self.subTest(message=message), self.assertRaisesMessage(services.OperationError, message):
                self.read(combined_list(line))
        with self.assertRaisesMessage(services.OperationError, "list.txt:1: not a FIDE rating list"):
            self.read("Name;Rating\nA;1\n")
        with self.assertRaisesMessage(services.OperationError, "list.txt:4:"):
            self.read("<playerslist><player><fideid>1</fideid>\n<name>A</name>\n</player>\n<player></playerslist>")
        with self.assertRaisesMessage(services.OperationError, "document type declaration"):
            self.read('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><playerslist/>')

    def test_too_many_players_without_ids_and_ids_not_found(self) -> None:
        with self.assertRaisesMessage(services.OperationError, "list.txt:4: more than 2 players to take"):
            self.read(combined_list(), max_rows=2)
        read = self.read(combined_list(), ids={"1503014", "999"})
        self.assertEqual(len(read.rows), 1)
        self.assertEqual(read.notes, ["FIDE IDs not in the list: 999"])

    @pytest.mark.slow
    def test_a_big_list_is_streamed(self) -> None:
        """100 000 players (16 MB): read line by line, never the whole file at once, in little memory."""
        lines = [fide_line(COMBINED, ID_Number=str(10_000_000 + i), Name=f"Player {i}, Test", Fed="FID", Sex="M",
                           SRtng=str(1000 + i % 1500), B_day="2000") for i in range(100_000)]
        data = ("\n".join([COMBINED, *lines]) + "\n").encode()

        class Stream(io.BytesIO):
            def read(self, size: int | None = -1) -> bytes:
                assert size is not None and 0 <= size <= 1 << 20, "read whole"
                return super().read(size)

            def readlines(self, hint: int | None = -1) -> list[bytes]:
                raise AssertionError("read whole")

        reports: list[int] = []
        tracemalloc.start()
        try:
            read = rating_list.read(Stream(data), source="big.txt", ids={"10099999", "10000000"}, size=len(data),
                                    progress=lambda percent, stage: reports.append(percent))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        self.assertEqual([p.fide_id for _, p in read.rows], ["10000000", "10099999"])
        self.assertLess(peak, len(data) // 8)
        self.assertEqual(len(reports), 2)


class TRFImportPageTestCase(BaseTestCase):
    """The TRF import page: what the reader read anyway is shown, located; refusals are located too."""

    players = 0

    def post(self, data: bytes, name: str = "event.trf") -> object:
        self.client.login(username="alice", password="password")
        return self.client.post(f"/e/{self.event.slug}/sections/import-trf/", {
            "name": "Imported", "slug": "imp", "system": "dutch", "file": SimpleUploadedFile(name, data)},
            follow=True)

    def test_warnings_are_shown_with_their_place(self) -> None:
        latin = TRF.replace("Beta, Boris", "Bëta, Boris").encode("cp1252")
        response = self.post(b"\xef\xbb\xbf" + latin)
        self.assertContains(response, "Imported 5 players.")
        self.assertContains(response, "event.trf:1")
        self.assertContains(response, "class=\"msg warning\"")
        self.assertTrue(Player.objects.filter(section__slug="imp", name="Bëta, Boris").exists())

    def test_a_refusal_names_file_line_and_column_and_writes_nothing(self) -> None:
        lines = TRF.splitlines()
        index = next(i for i, line in enumerate(lines) if "Beta" in line)
        lines[index] = lines[index][:-10] + "     9 w ="
        response = self.post(("\n".join(lines) + "\n").encode(), name="bad.trf")
        self.assertRegex(response.content.decode(), r"bad\.trf:\d+:\d+: 001: round 2")
        self.assertFalse(Section.objects.filter(slug="imp").exists())

    def test_an_unknown_title_is_a_warning(self) -> None:
        lines = TRF.splitlines()
        first = next(i for i, line in enumerate(lines) if line.startswith("001"))
        lines[first] = lines[first][:9] + "fAGM" + lines[first][13:]
        response = self.post(("\n".join(lines) + "\n").encode())
        self.assertContains(response, "Imported 5 players.")
        self.assertContains(response, "event.trf:2:11: 001: title")  # the reader's, with its place
        self.assertContains(response, "event.trf: player 1: Unknown title: AGM (left empty)")
        self.assertEqual(Player.objects.get(section__slug="imp", tpn=1).sex, "w")

    def test_a_fide_id_given_twice_stays_with_the_first_player(self) -> None:
        lines = TRF.splitlines()
        players = [i for i, line in enumerate(lines) if line.startswith("001")]
        for i in players[:2]:
            lines[i] = lines[i][:57] + "12345678".rjust(11) + lines[i][68:]
        response = self.post(("\n".join(lines) + "\n").encode())
        self.assertContains(response, "FIDE ID 12345678 is player 1&#x27;s too")
        self.assertEqual(list(Player.objects.filter(section__slug="imp").order_by("tpn")
                              .values_list("fide_id", flat=True)[:2]), ["12345678", ""])


@pytest.mark.slow
def test_the_migration_takes_a_duplicate_fide_id_off_the_later_player(tmp_path: Path) -> None:
    """Sections saved before the constraint may hold a FIDE ID twice: the migration keeps it on the first
    player (lowest pairing number), takes it off the others, and says so in the audit log."""
    from .helpers import manage

    manage(tmp_path, "migrate", "tournaments", "0003", "-v", "0")
    manage(tmp_path, "shell", "-c", "\n".join([
        "from django.db import connection",
        "from django.db.migrations.loader import MigrationLoader",
        "apps = MigrationLoader(connection).project_state(('tournaments', '0003_jobs')).apps",
        "Event, Player, Section = (apps.get_model('tournaments', m) for m in ('Event', 'Player', 'Section'))",
        "e = Event.objects.create(name='Old', slug='old')",
        "s = Section.objects.create(event=e, name='Open', slug='open', rounds=5)",
        "for tpn, fide_id in ((1, '111'), (2, '111'), (3, ''), (4, ''), (5, '111')):",
        "    Player.objects.create(section=s, tpn=tpn, name=f'P{tpn}', fide_id=fide_id)"]))
    manage(tmp_path, "migrate", "-v", "0")
    out = manage(tmp_path, "shell", "-c", "\n".join([
        "from swisspair_web.tournaments.rows import AuditEntry, Player",
        "print(list(Player.objects.order_by('tpn').values_list('fide_id', flat=True)))",
        "print([a.detail for a in AuditEntry.objects.filter(action='fide-id-dropped').order_by('id')])"])).stdout
    assert "['111', '', '', '', '']" in out
    assert "2. P2: FIDE ID 111 is player 1's too" in out and "5. P5: FIDE ID 111 is player 1's too" in out


SEEDS = [b"name;rating;fide id\nA, B;2000;1\n", "Фамилия;Имя\nИванов;Иван\n".encode("cp1251"), combined_list().encode(),
         b"<playerslist><player><fideid>1</fideid><name>A</name><rating>1</rating></player></playerslist>",
         b"\xef\xbb\xbfname\n", b"\xff\xfen\x00a\x00", b"PK\x03\x04"]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(SEEDS), st.lists(st.tuples(st.integers(0, 400), st.binary(max_size=3)), max_size=4))
def test_no_input_gives_anything_but_a_located_refusal(seed: bytes, edits: list[tuple[int, bytes]]) -> None:
    """Mutated CSV files and rating lists are read or refused with a located OperationError; never another
    exception (a traceback)."""
    data = bytearray(seed)
    for position, chunk in edits:
        data[position:position + len(chunk) // 2] = chunk
    for read in (lambda: player_import.read_csv(bytes(data), source="f.csv"),
                 lambda: rating_list.read(io.BytesIO(bytes(data)), source="f.txt")):
        try:
            read()
        except services.OperationError as error:
            assert str(error).startswith(("f.csv", "f.txt")), str(error)  # located
