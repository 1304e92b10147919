import enum


class PrivacyErrorCode(enum.StrEnum):
    VALIDATION = "validation_error"
    WRONG_PASSWORD = "wrong_password"
    # The shop still owes the member a parcel: a paid order not shipped yet.
    ORDERS_IN_PROGRESS = "orders_in_progress"
    # The owner's account runs the shop; it is not closed from the storefront.
    ADMIN_ACCOUNT = "admin_account"
