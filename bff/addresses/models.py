"""A member's recipient addresses; exactly one of them is the default."""

from sqlalchemy import Boolean, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from bff.common.encryption import EncryptedText
from bff.common.models import ShopOwned, Timestamps
from bff.extensions import db


class ShippingAddress(ShopOwned, Timestamps, db.Model):
    __tablename__ = "shipping_addresses"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    shipping_name: Mapped[str] = mapped_column(String(120))
    shipping_contact: Mapped[str] = mapped_column(String(40))
    shipping_country: Mapped[str] = mapped_column(String(40))
    shipping_city: Mapped[str] = mapped_column(String(120))
    shipping_address: Mapped[str] = mapped_column(String(255))
    # China: the place chosen from the lists (bff/addresses/regions.py), GB/T 2260 codes; null for
    # New Zealand, and for an address typed before the lists (it asks to be completed).
    province_code: Mapped[str | None] = mapped_column(String(6))
    city_code: Mapped[str | None] = mapped_column(String(6))
    district_code: Mapped[str | None] = mapped_column(String(6))
    # The recipient's ID number (身份证号), encrypted at rest (bff/common/encryption.py); answers
    # to a shopper show it masked (bff/common/id_numbers.py).
    shipping_id: Mapped[str] = mapped_column(EncryptedText(255), default="")
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)
