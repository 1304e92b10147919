"""The console's promotions: discount codes (`/api/admin/discount-codes`), 满减 spend tiers
(`/api/admin/spend-tiers`) and free-shipping thresholds (`/api/admin/free-shipping`): list,
create, edit and pause (PATCH `paused`, If-Match), delete while no order used it, and each one's
use (`/<id>/uses`). The shop's admin only; every change audited (bff/audit/admin_crud.py)."""

from decimal import Decimal

from flask.views import MethodView
from sqlalchemy import exists, select
from sqlalchemy.orm import Session
from werkzeug.exceptions import UnprocessableEntity

from bff.accounts.decorators import admin_required
from bff.admin_crud import services as admin_crud
from bff.admin_crud.routes import Codes, Kind, crud_routes
from bff.catalog.models import Brand, Category, Product
from bff.common.arguments import Blueprint
from bff.common.errors import DomainError
from bff.common.field_errors import field_error_handler
from bff.common.models import ID, as_utc
from bff.common.responses import document_errors
from bff.extensions import db
from bff.promotions import admin_schemas as schemas
from bff.promotions.error_codes import PromotionErrorCode
from bff.promotions.messages import is_key, text
from bff.promotions.models import (
    CodeKind,
    DiscountCode,
    DiscountKind,
    FreeShippingThreshold,
    OrderDiscount,
    Scope,
    SpendTier,
)
from bff.promotions.services import uses_of
from bff.shops.context import current_shop
from bff.shops.models import Shop

CODES = Codes(
    not_found=PromotionErrorCode.NOT_FOUND,
    validation=PromotionErrorCode.VALIDATION,
    if_match_required=PromotionErrorCode.IF_MATCH_REQUIRED,
    stale_version=PromotionErrorCode.STALE_VERSION,
    in_use=PromotionErrorCode.IN_USE,
    text=text,
)
SCOPE_MODELS = {Scope.CATEGORIES: Category, Scope.BRANDS: Brand, Scope.PRODUCTS: Product}


def _invalid(shop: Shop, field_name: str, key: str) -> DomainError:
    message = text(shop.language, key)
    return DomainError(PromotionErrorCode.VALIDATION, message, {field_name: [message]})


def _merged(data: dict, obj, names: tuple[str, ...]) -> dict:
    return {n: data[n] if n in data else getattr(obj, n, None) for n in names}


def _check_dates(shop: Shop, values: dict) -> None:
    starts, ends = as_utc(values.get("starts_at")), as_utc(values.get("ends_at"))
    if starts and ends and ends <= starts:
        raise _invalid(shop, "ends_at", "ends_before_start")


def _check_code(session: Session, shop: Shop, data: dict, code: DiscountCode | None) -> None:
    values = _merged(data, code, ("code", "kind", "value", "starts_at", "ends_at", "scope", "scope_ids"))
    taken = session.scalar(
        select(DiscountCode.id).where(DiscountCode.shop_id == shop.id, DiscountCode.code == values["code"])
    )
    if taken is not None and (code is None or taken != code.id):
        raise _invalid(shop, "code", "code_taken")
    value = Decimal(values["value"])
    if value <= 0:
        raise _invalid(shop, "value", "value_positive")
    if values["kind"] == CodeKind.PERCENT and value > 100:
        raise _invalid(shop, "value", "percent_range")
    _check_dates(shop, values)
    ids = set(values["scope_ids"] or [])
    if values["scope"] != Scope.ALL:
        if not ids:
            raise _invalid(shop, "scope_ids", "scope_ids_required")
        model = SCOPE_MODELS[Scope(values["scope"])]
        found = set(session.scalars(select(model.id).where(model.shop_id == shop.id, model.id.in_(ids))))
        if found != ids:
            raise _invalid(shop, "scope_ids", "scope_ids_unknown")


def _check_tier(session: Session, shop: Shop, data: dict, tier: SpendTier | None) -> None:
    values = _merged(data, tier, ("threshold", "saving", "starts_at", "ends_at"))
    if Decimal(values["saving"]) <= 0:
        raise _invalid(shop, "saving", "value_positive")
    if Decimal(values["saving"]) >= Decimal(values["threshold"]):
        raise _invalid(shop, "saving", "saving_not_below_threshold")
    _check_dates(shop, values)


def _check_free_shipping(
    session: Session, shop: Shop, data: dict, rule: FreeShippingThreshold | None
) -> None:
    method = data.get("shipping_type", rule.shipping_type if rule else None)
    taken = session.scalar(
        select(FreeShippingThreshold.id).where(
            FreeShippingThreshold.shop_id == shop.id, FreeShippingThreshold.shipping_type == method
        )
    )
    if taken is not None and (rule is None or taken != rule.id):
        raise _invalid(shop, "shipping_type", "method_taken")


def _used(kind: DiscountKind):
    def in_use(session: Session, shop: Shop, obj) -> bool:
        return bool(
            session.scalar(
                select(
                    exists().where(
                        OrderDiscount.shop_id == shop.id,
                        OrderDiscount.kind == kind,
                        OrderDiscount.rule_id == obj.id,
                    )
                )
            )
        )

    return in_use


CODE = Kind(
    model=DiscountCode,
    object_type="discount_code",
    fields=(
        "code",
        "kind",
        "value",
        "min_spend",
        "starts_at",
        "ends_at",
        "usage_limit",
        "per_member_limit",
        "scope",
        "scope_ids",
        "paused",
    ),
    not_found_key="promotion_not_found",
    in_use_key="promotion_in_use",
    check=_check_code,
    in_use=_used(DiscountKind.CODE),
    order_by=(DiscountCode.id.desc(),),
)
TIER = Kind(
    model=SpendTier,
    object_type="spend_tier",
    fields=("threshold", "saving", "starts_at", "ends_at", "paused"),
    not_found_key="promotion_not_found",
    in_use_key="promotion_in_use",
    check=_check_tier,
    in_use=_used(DiscountKind.TIER),
    order_by=(SpendTier.threshold, SpendTier.id),
)
FREE_SHIPPING = Kind(
    model=FreeShippingThreshold,
    object_type="free_shipping_threshold",
    fields=("shipping_type", "threshold", "paused"),
    not_found_key="promotion_not_found",
    in_use_key="promotion_in_use",
    check=_check_free_shipping,
    in_use=_used(DiscountKind.FREE_SHIPPING),
    order_by=(FreeShippingThreshold.shipping_type,),
)


def _blueprint(name: str, path: str, description: str, kind: Kind, discount_kind: DiscountKind) -> Blueprint:
    blp = Blueprint(f"admin_{name}", __name__, url_prefix=f"/api/admin/{path}", description=description)
    blp.errorhandler(UnprocessableEntity)(
        field_error_handler(text, is_key, PromotionErrorCode.VALIDATION, lambda: current_shop().language)
    )

    @blp.route(f"/<{ID}:obj_id>/uses")
    class Uses(MethodView):
        @admin_required
        @blp.response(200, schemas.UsesResponse)
        @document_errors(blp, 401, 403, 404)
        def get(self, shop, _user, obj_id):
            """The orders that applied it, and what it saved them."""
            admin_crud.get(db.session, shop, kind, CODES, obj_id)
            return uses_of(db.session, shop, discount_kind, obj_id)

    return blp


codes = _blueprint(
    "discount_codes", "discount-codes", "Admin: discount codes, their limits and use", CODE, DiscountKind.CODE
)
crud_routes(codes, CODE, CODES, schemas.CodeInput, schemas.AdminCodeSchema, "discount_code")

tiers = _blueprint(
    "spend_tiers", "spend-tiers", "Admin: 满减 spend tiers and their use", TIER, DiscountKind.TIER
)
crud_routes(tiers, TIER, CODES, schemas.TierInput, schemas.AdminTierSchema, "spend_tier")

free_shipping = _blueprint(
    "free_shipping",
    "free-shipping",
    "Admin: free-shipping thresholds per shipping method",
    FREE_SHIPPING,
    DiscountKind.FREE_SHIPPING,
)
crud_routes(
    free_shipping,
    FREE_SHIPPING,
    CODES,
    schemas.FreeShippingInput,
    schemas.AdminFreeShippingSchema,
    "free_shipping",
    "free_shipping",
)
