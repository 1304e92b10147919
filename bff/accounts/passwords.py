"""Argon2id password hashes (argon2-cffi), with the cost from the configuration."""

from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError


@lru_cache(maxsize=8)
def _hasher(time_cost: int, memory_cost: int, parallelism: int) -> PasswordHasher:
    return PasswordHasher(time_cost=time_cost, memory_cost=memory_cost, parallelism=parallelism)


class Passwords:
    def __init__(self, time_cost: int, memory_cost: int, parallelism: int):
        self._ph = _hasher(time_cost, memory_cost, parallelism)
        # Verified when there is no such account, so a miss costs as much as a wrong password.
        self._dummy = self._ph.hash("not-a-real-password")

    @classmethod
    def from_config(cls, config) -> "Passwords":
        return _passwords(
            config["ARGON2_TIME_COST"], config["ARGON2_MEMORY_COST"], config["ARGON2_PARALLELISM"]
        )

    def hash(self, password: str) -> str:
        return self._ph.hash(password)

    def verify(self, password_hash: str | None, password: str) -> bool:
        try:
            # An account without a password (signed up with WeChat: "") is never matched.
            return self._ph.verify(password_hash or self._dummy, password) and bool(password_hash)
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, password_hash: str) -> bool:
        return self._ph.check_needs_rehash(password_hash)


@lru_cache(maxsize=8)
def _passwords(time_cost: int, memory_cost: int, parallelism: int) -> Passwords:
    return Passwords(time_cost, memory_cost, parallelism)
