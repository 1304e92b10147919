"""Wish-list calls (SPEC section 7): a paged list with the sort bar, add and remove."""

from flask.views import MethodView

from bff.accounts.decorators import member_required
from bff.catalog.schemas import ListArgs
from bff.common.arguments import Blueprint, per_page
from bff.extensions import db
from bff.favorites import schemas, services

blp = Blueprint("favorites", __name__, url_prefix="/api/favorites", description="The member's wish list")


@blp.route("")
class Favorites(MethodView):
    @member_required
    @blp.arguments(ListArgs, location="query")
    @blp.response(200, schemas.FavoritePageResponse)
    def get(self, shop, user, args):
        """One page of the wish list, in the sort bar's order."""
        page = services.list_favorites(db.session, shop, user, args["sort"], args["page"], per_page())
        return {"favorites": page.as_paginator(), "last_page": page.last_page}


@blp.route("/add")
class FavoriteAdd(MethodView):
    @member_required
    @blp.arguments(schemas.FavoriteArgs, location="json_or_form")
    @blp.response(200, schemas.FavoritesResponse)
    def post(self, shop, user, args):
        """Add a product to the wish list (no change if it is there): the whole list."""
        return {"favorites": services.add_favorite(db.session, shop, user, args["product_id"])}


@blp.route("/remove")
class FavoriteRemove(MethodView):
    @member_required
    @blp.arguments(schemas.FavoriteArgs, location="json_or_form")
    @blp.response(200, schemas.FavoritesResponse)
    def post(self, shop, user, args):
        """Remove a product from the wish list (no change if it is not there): the whole list."""
        return {"favorites": services.remove_favorite(db.session, shop, user, args["product_id"])}
