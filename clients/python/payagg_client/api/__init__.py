# flake8: noqa

# import apis into api package
from payagg_client.api.checkout_api import CheckoutApi
from payagg_client.api.collections_api import CollectionsApi
from payagg_client.api.disputes_api import DisputesApi
from payagg_client.api.fx_api import FXApi
from payagg_client.api.payouts_api import PayoutsApi
from payagg_client.api.split_rules_api import SplitRulesApi
from payagg_client.api.sub_merchants_api import SubMerchantsApi
from payagg_client.api.team_api import TeamApi
from payagg_client.api.transactions_api import TransactionsApi
from payagg_client.api.wallets_api import WalletsApi
from payagg_client.api.webhooks_api import WebhooksApi

