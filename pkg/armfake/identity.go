package armfake

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// Client is a service principal armfake knows. A client that is not registered may still get a
// token (with full access) unless Options.StrictClients is set.
type Client struct {
	// Secret is the client secret the token endpoint expects ("" accepts any).
	Secret string `json:"secret,omitempty"`
	// Scopes are the ARM IDs the client may act on: subscriptions or resource groups (or any
	// ID); everything below them is granted. Empty grants everything.
	Scopes []string `json:"scopes,omitempty"`
}

// principal is who made a request: the client id from the token ("" when anonymous).
type principal struct {
	clientID string
	tenantID string
}

// tokenIssuer mints and checks access tokens. Tokens are JWTs signed with a key made at start
// (HS256): clients treat them as opaque, and armfake only needs to trust its own.
type tokenIssuer struct {
	key []byte
}

func newTokenIssuer() (*tokenIssuer, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	return &tokenIssuer{key: key}, nil
}

type tokenClaims struct {
	Aud   string `json:"aud"`
	Iss   string `json:"iss"`
	AppID string `json:"appid"`
	Azp   string `json:"azp"`
	OID   string `json:"oid"`
	Sub   string `json:"sub"`
	Tid   string `json:"tid"`
	Iat   int64  `json:"iat"`
	Nbf   int64  `json:"nbf"`
	Exp   int64  `json:"exp"`
}

var b64 = base64.RawURLEncoding

func (t *tokenIssuer) mint(c tokenClaims) string {
	header := b64.EncodeToString([]byte(`{"alg":"HS256","typ":"JWT"}`))
	body, _ := json.Marshal(c)
	unsigned := header + "." + b64.EncodeToString(body)
	return unsigned + "." + b64.EncodeToString(t.sign(unsigned))
}

func (t *tokenIssuer) sign(s string) []byte {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte(s))
	return m.Sum(nil)
}

// verify checks a token's signature and lifetime and returns its claims.
func (t *tokenIssuer) verify(tok string, now time.Time) (*tokenClaims, error) {
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return nil, errors.New("the access token is not a JWT")
	}
	sig, err := b64.DecodeString(parts[2])
	if err != nil || !hmac.Equal(sig, t.sign(parts[0]+"."+parts[1])) {
		return nil, errors.New("the access token signature is invalid")
	}
	body, err := b64.DecodeString(parts[1])
	if err != nil {
		return nil, errors.New("the access token is malformed")
	}
	var c tokenClaims
	if err := json.Unmarshal(body, &c); err != nil {
		return nil, errors.New("the access token is malformed")
	}
	if now.Unix() >= c.Exp {
		return nil, errors.New("the access token has expired")
	}
	return &c, nil
}

// allowed says whether a client's scopes cover an ARM ID (case-insensitively).
func (c Client) allowed(id string) bool {
	if len(c.Scopes) == 0 {
		return true
	}
	lid := strings.ToLower(strings.TrimSuffix(id, "/"))
	for _, s := range c.Scopes {
		ls := strings.ToLower(strings.TrimSuffix(s, "/"))
		if lid == ls || strings.HasPrefix(lid, ls+"/") {
			return true
		}
	}
	return false
}
