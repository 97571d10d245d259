/** The answer of POST /token-requests/{tokenRequestId}/authorization: where to send the user, and the state the bank hands back. */
export const BANK_AUTHORIZATION_ANSWER_EXAMPLE = {
  redirectUrl:
    'https://sandbox-bank.gateway.example/banks/ob-sandbox-gb/as/authorize?client_id=gateway-sandbox&response_type=code&redirect_uri=https%3A%2F%2Fapi.gateway.example%2Fbank-callback&scope=openid+accounts&state=tr.pehpKPcB1VACJDXn3zSR6vrCYoQMod5P&nonce=p3AH8zULzNf7iFX1DGgt5Afj',
  oauthState: 'tr.pehpKPcB1VACJDXn3zSR6vrCYoQMod5P',
};
