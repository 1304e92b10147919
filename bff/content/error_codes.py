import enum


class ContentErrorCode(enum.StrEnum):
    NOT_FOUND = "not_found"
