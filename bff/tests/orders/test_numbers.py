from datetime import datetime

from bff.orders.numbers import PATTERN, new_order_number, normalise_order_number


def test_order_number_starts_with_the_date_and_reads_without_ambiguous_letters():
    number = new_order_number(datetime(2026, 11, 22, 8, 30))
    assert number.startswith("261122-")
    assert PATTERN.match(number)
    assert not set(number) & set("ILOU")


def test_order_numbers_do_not_repeat_or_run_in_sequence():
    numbers = [new_order_number(datetime(2026, 11, 22)) for _ in range(2000)]
    assert len(set(numbers)) == len(numbers)
    assert numbers != sorted(numbers)


def test_typed_number_is_normalised_like_crockford_reads_it():
    assert normalise_order_number(" 261122-ab0l-9ioz ") == "261122-AB01-910Z"
