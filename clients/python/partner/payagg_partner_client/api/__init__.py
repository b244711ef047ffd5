# flake8: noqa

# import apis into api package
from payagg_partner_client.api.partner_wallets_api import PartnerWalletsApi

