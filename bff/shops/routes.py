from flask.views import MethodView

from bff.common.arguments import Blueprint
from bff.shops.context import current_shop
from bff.shops.schemas import ShopResponse

blp = Blueprint("shops", __name__, url_prefix="/api", description="The shop of the requested host")


@blp.route("/shop")
class ShopInfo(MethodView):
    @blp.response(200, ShopResponse)
    def get(self):
        """Settings of the shop found from X-Site-Host (else Host)."""
        return {"data": {"shop_info": current_shop()}}
