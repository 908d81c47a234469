package armfake

import (
	"crypto/sha256"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// serveIdentity answers the few Microsoft Entra endpoints the client-secret flow of azidentity
// (MSAL) calls, with AZURE_AUTHORITY_HOST pointed at armfake: instance discovery (only when a
// client does not disable it), the tenant's OpenID configuration and the token endpoint. It
// reports false when the path is none of them.
func (s *Server) serveIdentity(w http.ResponseWriter, r *http.Request, body []byte) bool {
	segs := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	if len(segs) < 2 || strings.EqualFold(segs[0], "subscriptions") || strings.EqualFold(segs[0], "providers") {
		return false
	}
	tenant := segs[0]
	rest := strings.ToLower(strings.Join(segs[1:], "/"))
	base := s.URL()
	switch {
	case rest == "discovery/instance" && r.Method == http.MethodGet:
		host := strings.TrimPrefix(base, "https://")
		writeJSON(w, http.StatusOK, map[string]any{
			"tenant_discovery_endpoint": base + "/" + tenant + "/v2.0/.well-known/openid-configuration",
			"api-version":               "1.1",
			"metadata":                  []map[string]any{{"preferred_network": host, "preferred_cache": host, "aliases": []string{host}}},
		})
	case (rest == "v2.0/.well-known/openid-configuration" || rest == ".well-known/openid-configuration") && r.Method == http.MethodGet:
		writeJSON(w, http.StatusOK, map[string]any{
			"issuer":                                base + "/" + tenant + "/v2.0",
			"token_endpoint":                        base + "/" + tenant + "/oauth2/v2.0/token",
			"authorization_endpoint":                base + "/" + tenant + "/oauth2/v2.0/authorize",
			"device_authorization_endpoint":         base + "/" + tenant + "/oauth2/v2.0/devicecode",
			"jwks_uri":                              base + "/" + tenant + "/discovery/v2.0/keys",
			"token_endpoint_auth_methods_supported": []string{"client_secret_post", "private_key_jwt", "client_secret_basic"},
			"response_types_supported":              []string{"code", "id_token", "code id_token", "id_token token"},
			"tenant_region_scope":                   "NA",
			"cloud_instance_name":                   "armfake",
		})
	case rest == "oauth2/v2.0/token" || rest == "oauth2/token":
		if r.Method != http.MethodPost {
			writeOAuthError(w, http.StatusMethodNotAllowed, "invalid_request", "AADSTS900561: The endpoint only accepts POST requests.")
			return true
		}
		s.serveToken(w, r, tenant, body)
	default:
		return false
	}
	return true
}

func writeOAuthError(w http.ResponseWriter, status int, code, desc string) {
	writeJSON(w, status, map[string]any{"error": code, "error_description": desc, "error_codes": []int{}})
}

// serveToken implements the client credentials grant.
func (s *Server) serveToken(w http.ResponseWriter, r *http.Request, tenant string, body []byte) {
	form, err := parseForm(body)
	if err != nil {
		writeOAuthError(w, http.StatusBadRequest, "invalid_request", "AADSTS900144: The request body must be application/x-www-form-urlencoded.")
		return
	}
	if gt := form.Get("grant_type"); gt != "client_credentials" {
		writeOAuthError(w, http.StatusBadRequest, "unsupported_grant_type", fmt.Sprintf("AADSTS70003: armfake supports the client_credentials grant only, not %q.", gt))
		return
	}
	clientID := form.Get("client_id")
	secret := form.Get("client_secret")
	if clientID == "" {
		if u, p, ok := r.BasicAuth(); ok {
			clientID, secret = u, p
		}
	}
	if clientID == "" {
		writeOAuthError(w, http.StatusBadRequest, "invalid_request", "AADSTS900144: The request body must contain the following parameter: 'client_id'.")
		return
	}
	c, known := s.opts.Clients[clientID]
	switch {
	case !known && s.opts.StrictClients:
		writeOAuthError(w, http.StatusBadRequest, "unauthorized_client", fmt.Sprintf("AADSTS700016: Application with identifier '%s' was not found in the directory '%s'.", clientID, tenant))
		return
	case known && c.Secret != "" && c.Secret != secret && form.Get("client_assertion") == "":
		writeOAuthError(w, http.StatusUnauthorized, "invalid_client", "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value.")
		return
	}
	aud := "https://management.azure.com/"
	if sc := form.Get("scope"); sc != "" {
		aud = strings.TrimSuffix(strings.Fields(sc)[0], ".default")
	}
	now := time.Now()
	lifetime := time.Hour
	oid := fmt.Sprintf("%x", sha256.Sum256([]byte(clientID)))[:32]
	tok := s.tokens.mint(tokenClaims{
		Aud: aud, Iss: s.URL() + "/" + tenant + "/v2.0", AppID: clientID, Azp: clientID,
		OID: uuidFromHex(oid), Sub: uuidFromHex(oid), Tid: tenant,
		Iat: now.Unix(), Nbf: now.Unix(), Exp: now.Add(lifetime).Unix(),
	})
	writeJSON(w, http.StatusOK, map[string]any{
		"token_type": "Bearer", "expires_in": int(lifetime.Seconds()) - 1, "ext_expires_in": int(lifetime.Seconds()) - 1,
		"access_token": tok,
	})
}

func uuidFromHex(h string) string {
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// authenticate reads the bearer token of an ARM request. ok is false when the request was
// answered (401).
func (s *Server) authenticate(w http.ResponseWriter, r *http.Request) (principal, bool) {
	h := r.Header.Get("Authorization")
	if h == "" {
		if s.opts.RequireAuth {
			w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Bearer authorization_uri="%s/common/oauth2/authorize", error="invalid_token", error_description="The authentication failed because of missing 'Authorization' header."`, s.URL()))
			writeError(w, http.StatusUnauthorized, "AuthenticationFailed", "Authentication failed. The 'Authorization' header is missing.")
			return principal{}, false
		}
		return principal{}, true
	}
	tok, ok := strings.CutPrefix(h, "Bearer ")
	if !ok {
		writeError(w, http.StatusUnauthorized, "AuthenticationFailedInvalidHeader", "Authentication failed. The 'Authorization' header is provided in an invalid format.")
		return principal{}, false
	}
	claims, err := s.tokens.verify(strings.TrimSpace(tok), time.Now())
	if err != nil {
		w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Bearer authorization_uri="%s/common/oauth2/authorize", error="invalid_token", error_description="%s"`, s.URL(), err))
		writeError(w, http.StatusUnauthorized, "InvalidAuthenticationToken", "The access token is invalid: "+err.Error())
		return principal{}, false
	}
	return principal{clientID: claims.AppID, tenantID: claims.Tid}, true
}

// authorize says whether the principal may act on an ARM ID; when not, it answers 403.
func (s *Server) authorize(w http.ResponseWriter, p principal, method, armType, id string) bool {
	if p.clientID == "" {
		return true
	}
	c, ok := s.opts.Clients[p.clientID]
	if !ok || c.allowed(id) {
		return true
	}
	verb := map[string]string{"GET": "read", "HEAD": "read", "PUT": "write", "PATCH": "write", "DELETE": "delete", "POST": "action"}[method]
	writeError(w, http.StatusForbidden, "AuthorizationFailed", fmt.Sprintf(
		"The client '%s' with object id '%s' does not have authorization to perform action '%s/%s' over scope '%s' or the scope is invalid. If access was recently granted, please refresh your credentials.",
		p.clientID, p.clientID, armType, verb, id))
	return false
}

func parseForm(body []byte) (url.Values, error) { return url.ParseQuery(string(body)) }
