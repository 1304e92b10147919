"""Every code of every domain's error_codes.py has its HTTP status in bff/errors.py's one table."""

import enum
import importlib
import inspect

import pytest

from bff.config import ROOT
from bff.errors import HTTP_STATUS, http_status

BFF = ROOT / "bff"


def _domain_enums() -> list[type[enum.StrEnum]]:
    enums = []
    for path in sorted(BFF.glob("*/error_codes.py")):
        module = importlib.import_module(f"bff.{path.parent.name}.error_codes")
        enums += [
            value
            for value in vars(module).values()
            if inspect.isclass(value)
            and issubclass(value, enum.StrEnum)
            and value.__module__ == module.__name__
        ]
    return enums


ENUMS = _domain_enums()


def test_the_domains_have_error_codes():
    packages = {e.__module__.split(".")[1] for e in ENUMS}
    assert packages >= {"accounts", "cart", "addresses", "orders", "payments"}


@pytest.mark.parametrize("codes", ENUMS, ids=[e.__name__ for e in ENUMS])
def test_every_code_has_a_status(codes):
    missing = [member.name for member in codes if http_status(member) is None]
    assert not missing, f"{codes.__name__}: add {missing} to HTTP_STATUS in bff/errors.py"
    assert all(400 <= http_status(member) < 600 for member in codes)


def test_the_table_names_only_codes_of_its_enum():
    for codes, statuses in HTTP_STATUS.items():
        assert codes in ENUMS, f"{codes.__name__} is not in any error_codes.py"
        assert all(type(member) is codes for member in statuses), codes.__name__
