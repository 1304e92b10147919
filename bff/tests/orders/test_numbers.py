import re
from datetime import datetime

from bff.orders.numbers import PATTERN, new_order_number, normalise_order_number

# Written from the rule, not taken from the code: the date as YYMMDD, then two groups of four
# characters of Crockford's base32 (digits and capitals without I, L, O and U).
CROCKFORD = "[0-9ABCDEFGHJKMNPQRSTVWXYZ]"
EXPECTED = re.compile(rf"261122-{CROCKFORD}{{4}}-{CROCKFORD}{{4}}")


def test_order_number_starts_with_the_date_and_reads_without_ambiguous_letters():
    for _ in range(500):
        number = new_order_number(datetime(2026, 11, 22, 8, 30))
        assert EXPECTED.fullmatch(number), number
        assert PATTERN.match(number)  # the route's own check accepts it too


def test_order_numbers_do_not_repeat_or_run_in_sequence():
    numbers = [new_order_number(datetime(2026, 11, 22)) for _ in range(2000)]
    assert len(set(numbers)) == len(numbers)
    assert numbers != sorted(numbers)


def test_typed_number_is_normalised_like_crockford_reads_it():
    assert normalise_order_number(" 261122-ab0l-9ioz ") == "261122-AB01-910Z"
