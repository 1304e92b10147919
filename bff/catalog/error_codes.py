import enum


class CatalogErrorCode(enum.StrEnum):
    NOT_FOUND = "not_found"
