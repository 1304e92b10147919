"""Wish-list calls (SPEC section 7): a paged list with the sort bar, add and remove."""

from flask.views import MethodView

from bff.accounts.auth import login_required
from bff.common.arguments import Blueprint
from bff.common.schemas import ListArgs
from bff.extensions import db
from bff.favorites import schemas, services
from bff.orders.common import per_page, signed_in_member

blp = Blueprint("favorites", __name__, url_prefix="/api/favorites", description="The member's wish list")


@blp.route("")
class Favorites(MethodView):
    @login_required
    @blp.arguments(ListArgs, location="query")
    @blp.response(200, schemas.FavoritePageResponse)
    def get(self, args):
        """One page of the wish list, in the sort bar's order."""
        shop, user = signed_in_member()
        page = services.list_favorites(db.session, shop, user, args["sort"], args["page"], per_page())
        return {"favorites": page.as_paginator(), "last_page": page.last_page}


@blp.route("/add")
class FavoriteAdd(MethodView):
    @login_required
    @blp.arguments(schemas.FavoriteArgs, location="json_or_form")
    @blp.response(200, schemas.FavoritesResponse)
    def post(self, args):
        """Add a product to the wish list (no change if it is there): the whole list."""
        shop, user = signed_in_member()
        return {"favorites": services.add_favorite(db.session, shop, user, args["product_id"])}


@blp.route("/remove")
class FavoriteRemove(MethodView):
    @login_required
    @blp.arguments(schemas.FavoriteArgs, location="json_or_form")
    @blp.response(200, schemas.FavoritesResponse)
    def post(self, args):
        """Remove a product from the wish list (no change if it is not there): the whole list."""
        shop, user = signed_in_member()
        return {"favorites": services.remove_favorite(db.session, shop, user, args["product_id"])}
