"""Settings, read from the environment (healthchecks style).

``SWISSPAIR_DATA``
    Data directory: holds the SQLite file ``db.sqlite3``, the generated
    ``secret_key`` and uploads. Default: the user's data directory, the same
    for every command (``~/.local/share/swisspair`` on Linux, see
    :mod:`swisspair_web.datadir`); never the current directory.
``DATABASE_URL``
    Any dj-database-url URL; default ``sqlite:///$SWISSPAIR_DATA/db.sqlite3``.
    ``postgres://user:pass@host/db`` for hosted, multi-worker use.
``SECRET_KEY`` / ``SECRET_KEY_FILE``
    The Django secret. Without one, a random key is generated once and kept
    in ``$SWISSPAIR_DATA/secret_key``.
``DEBUG``, ``ALLOWED_HOSTS`` (comma separated), ``SWISSPAIR_MAX_UPLOAD`` (bytes).
``SWISSPAIR_MAX_RATING_LIST``
    Largest FIDE rating-list upload in bytes (read as a stream, not in memory); default 300 MB.
``SWISSPAIR_BACKGROUND_LIST_BYTES``
    A rating list of at least this many bytes is read in a background job; default 4 MB.
``SWISSPAIR_BACKGROUND_PLAYERS``
    Sections (and TRF imports) with at least this many players are paired (imported) in a
    background job with a progress page; default 500.
``SWISSPAIR_JOB_STALE``
    Seconds without a heartbeat after which a running job counts as interrupted; default 30.
``SWISSPAIR_JOB_ATTEMPTS``
    How many times an interrupted job is run before it is marked failed; default 3.
``SWISSPAIR_ENTRIES_PER_ADDRESS``, ``SWISSPAIR_ENTRIES_PER_SECTION``
    Entries the public form takes per hour from one address (default 10) and into one section (default 300).
``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD`` (or ``_FILE``), ``EMAIL_USE_TLS``,
``DEFAULT_FROM_EMAIL``
    The SMTP server that sends registrants their private link; without ``EMAIL_HOST`` the message is
    written to the console with the link's secret masked (a server log is no place for it; the registrant
    is taken to the private page after entering).
``SWISSPAIR_SERVER_TIMING``
    ``True``: every response says where its time went (thread CPU, waiting for the database, queries) in a
    ``Server-Timing`` header (:mod:`swisspair_web.timing`); default ``False``.
``CACHE_URL``
    The cache shared by the web processes: ``db://`` (default, a table of the database),
    ``file:///path``, ``redis://host:6379/0`` or ``locmem://`` (one process only).
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from swisspair_web.datadir import data_dir, make_private_dir, make_private_file

BASE_DIR = Path(__file__).resolve().parent


def envbool(name: str, default: str) -> bool:
    """A boolean from the environment: ``True``/``False`` only, anything else is an error."""
    value = os.environ.get(name, default)
    if value in ("True", "true", "1", "yes"):
        return True
    if value in ("False", "false", "0", "no", ""):
        return False
    raise ImproperlyConfigured(f"{name} must be True or False, got {value!r}")


def envint(name: str, default: str) -> int:
    value = os.environ.get(name, default)
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, got {value!r}") from None


def envsecret(name: str) -> str | None:
    """``NAME`` from the environment, or the contents of the file named by ``NAME_FILE``."""
    if name in os.environ:
        return os.environ[name]
    path = os.environ.get(f"{name}_FILE")
    if path:
        return Path(path).read_text(encoding="utf-8").strip()
    return None


DATA_DIR = data_dir()


def _secret_key() -> str:
    key = envsecret("SECRET_KEY")
    if key:
        return key
    path = DATA_DIR / "secret_key"
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        pass
    key = secrets.token_urlsafe(50)
    try:
        make_private_dir(DATA_DIR)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(key)
    except FileExistsError:
        return path.read_text(encoding="utf-8").strip()
    except OSError:
        pass  # read-only data directory: a per-process key (sessions end on restart)
    return key


SECRET_KEY = _secret_key()
DEBUG = envbool("DEBUG", "False")
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver").split(",")
                 if h.strip()]
CSRF_TRUSTED_ORIGINS = [o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django_tasks",
    "django_tasks_db",
    "axes",
    "swisspair_web.tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]
if envbool("SWISSPAIR_SERVER_TIMING", "False"):  # outermost: it times the others too
    MIDDLEWARE.insert(0, "swisspair_web.timing.ServerTiming")

ROOT_URLCONF = "swisspair_web.urls"
WSGI_APPLICATION = "swisspair_web.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {  # the templates that loop over many rows (the lists' table): chosen by measurement, see swisspair_web.jinja
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"environment": "swisspair_web.jinja.environment"},
    },
]


def _database() -> dict[str, object]:
    url = os.environ.get("DATABASE_URL")
    if not url:  # the default database: owner-only, like its directory (password hashes, e-mail addresses)
        url = f"sqlite:///{make_private_file(make_private_dir(DATA_DIR) / 'db.sqlite3')}"
    try:
        config: dict[str, object] = dict(dj_database_url.parse(url, conn_max_age=60))
    except ValueError as error:
        raise ImproperlyConfigured(f"DATABASE_URL: {error}") from None
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # WAL lets readers work while an arbiter writes; IMMEDIATE takes the
        # write lock at the start of a transaction (no upgrade deadlocks).
        config["OPTIONS"] = {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;",
        }
        config["CONN_MAX_AGE"] = 0
    return config


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("ru", "Русский"),
    ("bg", "Български"),
    ("cs", "Čeština"),
    ("pl", "Polski"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# Passwords: Argon2id at a small CPU cost per login; older hashes still check and are upgraded (passwords.py).
PASSWORD_HASHERS = ["swisspair_web.passwords.Argon2idHasher",
                    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
                    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
                    "django.contrib.auth.hashers.Argon2PasswordHasher",
                    "django.contrib.auth.hashers.ScryptPasswordHasher"]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "sp-index"
LOGOUT_REDIRECT_URL = "sp-index"

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SECURE = envbool("SECURE_COOKIES", "False")
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
# Behind HTTPS (docs/manager.md, Deploying): redirect plain HTTP, tell browsers to use HTTPS only (HSTS).
# Off by default: `swisspair serve` on a club's laptop speaks plain HTTP.
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", "False")
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", "0")
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", "False")
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", "False")
# The proxy in front (nginx, Caddy) says which requests came over HTTPS, and from which address;
# `swisspair serve` (waitress) believes it from SWISSPAIR_TRUSTED_PROXY only (swisspair_web/proxy.py).
SWISSPAIR_BEHIND_PROXY = envbool("BEHIND_PROXY", "False")
SWISSPAIR_TRUSTED_PROXY = os.environ.get("TRUSTED_PROXY", "127.0.0.1")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if SWISSPAIR_BEHIND_PROXY else None

# Login throttling (django-axes, tournaments/pages/lockout.py): after SWISSPAIR_LOGIN_FAILURES failed logins
# for one account from one address, that account is refused from that address for SWISSPAIR_LOGIN_LOCK_MINUTES
# (the account and the address together: nobody can lock an arbiter out from elsewhere, nor lock a shared
# address out of every account).
AUTHENTICATION_BACKENDS = ["swisspair_web.tournaments.pages.lockout.LoginThrottleBackend",
                           "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = envint("SWISSPAIR_LOGIN_FAILURES", "10")
AXES_COOLOFF_TIME = timedelta(minutes=envint("SWISSPAIR_LOGIN_LOCK_MINUTES", "15"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the lock ends when the page says it does
AXES_ENABLE_ACCESS_FAILURE_LOG = True
AXES_LOCKOUT_CALLABLE = "swisspair_web.tournaments.pages.lockout.locked_out"
AXES_VERBOSE = False
# Behind a proxy the client's address is the last of X-Forwarded-For (the proxy appends it).
AXES_CLIENT_IP_CALLABLE = "swisspair_web.tournaments.pages.lockout.client_address"

# Uploads (CSV, TRF, rating lists) are refused beyond this size; beyond 256 KiB they are received
# into a temporary file, not the process memory. A big TRF goes to its job's database row.
SWISSPAIR_MAX_UPLOAD = envint("SWISSPAIR_MAX_UPLOAD", str(2 * 1024 * 1024))
DATA_UPLOAD_MAX_MEMORY_SIZE = SWISSPAIR_MAX_UPLOAD + 65536
FILE_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 5000
# FIDE rating lists are streamed from the temporary upload file, so they may be larger.
SWISSPAIR_MAX_RATING_LIST = envint("SWISSPAIR_MAX_RATING_LIST", str(300 * 1024 * 1024))
# A rating list this big or bigger is read in a background job with a progress page.
SWISSPAIR_BACKGROUND_LIST_BYTES = envint("SWISSPAIR_BACKGROUND_LIST_BYTES", str(4 * 1024 * 1024))

# Long operations run as background jobs (swisspair_web.tournaments.services.jobs).
SWISSPAIR_BACKGROUND_PLAYERS = envint("SWISSPAIR_BACKGROUND_PLAYERS", "500")
SWISSPAIR_JOB_STALE = envint("SWISSPAIR_JOB_STALE", "30")
SWISSPAIR_JOB_ATTEMPTS = envint("SWISSPAIR_JOB_ATTEMPTS", "3")

# The public entry form: entries per hour from one address and into one section (tournaments/pages/entry_limits.py).
SWISSPAIR_ENTRIES_PER_ADDRESS = envint("SWISSPAIR_ENTRIES_PER_ADDRESS", "10")
SWISSPAIR_ENTRIES_PER_SECTION = envint("SWISSPAIR_ENTRIES_PER_SECTION", "300")

# The task queue (django-tasks with its database backend): jobs are rows of the database, run by
# ``swisspair worker`` processes (or by the worker thread of ``swisspair serve``).
# "default": the arbiters' jobs (pairing, imports); "public": rendering the public pages (a worker started
# with --queue default never waits behind them: docs/manager.md, "Deploying")
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default", "public"]}}


def _cache() -> dict[str, object]:
    """The cache shared by all web processes, from ``CACHE_URL``."""
    url = os.environ.get("CACHE_URL", "db://")
    scheme, _, rest = url.partition("://")
    backends = {"db": ("django.core.cache.backends.db.DatabaseCache", rest or "swisspair_cache"),
                "file": ("django.core.cache.backends.filebased.FileBasedCache", rest or str(DATA_DIR / "cache")),
                "redis": ("django.core.cache.backends.redis.RedisCache", url),
                "rediss": ("django.core.cache.backends.redis.RedisCache", url),
                "locmem": ("django.core.cache.backends.locmem.LocMemCache", rest)}
    if scheme not in backends or not rest and scheme in ("redis", "rediss"):
        raise ImproperlyConfigured(f"CACHE_URL must be db://, file:///path, redis://host:port/db or locmem://, "
                                   f"got {url!r}")
    backend, location = backends[scheme]
    return {"BACKEND": backend, "LOCATION": location, "TIMEOUT": 600, "KEY_PREFIX": "swisspair",
            "OPTIONS": {"MAX_ENTRIES": 5000} if scheme in ("db", "file", "locmem") else {}}


CACHES = {"default": _cache()}

# E-mail (an entry's private link is sent to the registrant): SMTP when EMAIL_HOST is set, else the
# message is written to the console of `swisspair serve`.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = ("django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
                 else "swisspair_web.mail.ConsoleBackend")  # the console's log shows no private link
EMAIL_PORT = envint("EMAIL_PORT", "587")
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = envsecret("EMAIL_HOST_PASSWORD") or ""
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", "True")
EMAIL_TIMEOUT = 20
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "swisspair@localhost")

# Public pages rendered to files when they change (tournaments/public/render.py), served before the
# application runs (tournaments/public/serve.py) or by the web server. See docs/manager.md, "Public pages as files".
SWISSPAIR_PUBLIC_FILES = envbool("SWISSPAIR_PUBLIC_FILES", "True")
SWISSPAIR_PUBLIC_DIR = Path(os.environ.get("SWISSPAIR_PUBLIC_DIR", str(DATA_DIR / "public"))).resolve()
SWISSPAIR_PUBLIC_DEBOUNCE = float(envint("SWISSPAIR_PUBLIC_DEBOUNCE_MS", "500")) / 1000
SWISSPAIR_PUBLIC_URL = os.environ.get("SWISSPAIR_PUBLIC_URL", "").rstrip("/")
SWISSPAIR_PUBLIC_MAX_AGE = envint("SWISSPAIR_PUBLIC_MAX_AGE", "0")

STATIC_URL = "static/"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line_403": {"()": "swisspair_web.logs.OneLineForbidden"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["one_line_403"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
CSRF_FAILURE_VIEW = "swisspair_web.tournaments.pages.common.csrf_failure"
