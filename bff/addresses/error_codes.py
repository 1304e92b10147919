import enum


class AddressErrorCode(enum.StrEnum):
    NOT_FOUND = "not_found"
    VALIDATION = "validation_error"
    # A China recipient whose province, city or district is missing or not of the lists (an
    # address typed before them, or a code the region data no longer has): nothing is saved or
    # ordered until the shopper chooses the place. Its field errors say which list.
    INCOMPLETE = "address_incomplete"
    ADDRESS_BOOK_FULL = "address_book_full"
