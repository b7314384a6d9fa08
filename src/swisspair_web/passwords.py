"""How the manager stores passwords: Argon2id, memory-hard, at a small CPU cost per login.

Django's own documentation recommends Argon2 first. Its default here would be PBKDF2-SHA256 at
1,000,000 iterations, about 0.4-0.5 s of one core per login: twenty arbiters logging in at the start of a
round keep two cores busy for seconds, while an attacker's GPU, which has arithmetic to spare, is barely
slowed. Argon2id at 19 MiB of memory and three passes (OWASP's Password Storage Cheat Sheet gives 19 MiB
and two passes as the baseline, of a strength with PBKDF2-SHA256 at 600,000 iterations; the third pass
is margin) costs about 60 ms of CPU: every guess must fill and read 19 MiB three times, which is what
bounds a GPU or ASIC, so the resistance is not less for the CPU saved.

Hashes stored before (PBKDF2, any hasher still listed after this one in ``PASSWORD_HASHERS``) keep
working: Django checks them with the hasher named in the hash and rewrites them with this one at the
user's next successful login (``must_update`` also upgrades Argon2 hashes of other parameters).
"""

from __future__ import annotations

from django.contrib.auth.hashers import Argon2PasswordHasher

MEMORY_KIB = 19 * 1024
PASSES = 3
LANES = 1


class Argon2idHasher(Argon2PasswordHasher):
    """Django's Argon2 hasher (same ``argon2`` prefix, so its hashes stay readable) at the costs above."""

    time_cost = PASSES
    memory_cost = MEMORY_KIB
    parallelism = LANES

