package reconciler

import (
	"encoding/json"
	"net/url"
	"strings"
)

// checkToken holds every URL a resume token names to the credential's subscription, before it is
// polled: the token is read back from an annotation anyone who can edit the object may rewrite,
// and the poll would send a request there with the credential (the ARM client already refuses
// any other host). The token's layout is azcore's; every string in it that is an absolute URL is
// checked, whatever field holds it.
func (a *attempt) checkToken(token string) error {
	var v any
	if err := json.Unmarshal([]byte(token), &v); err != nil {
		// Not JSON: azcore cannot resume it either, and says so.
		return nil
	}
	return a.checkTokenValue(v)
}

func (a *attempt) checkTokenValue(v any) error {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			if err := a.checkTokenValue(e); err != nil {
				return err
			}
		}
	case []any:
		for _, e := range x {
			if err := a.checkTokenValue(e); err != nil {
				return err
			}
		}
	case string:
		if u, err := url.Parse(x); err == nil && u.IsAbs() && strings.HasPrefix(u.Path, "/") {
			return a.cred.CheckSubscription(u.Path)
		}
		// A JSON document inside a string (azcore has nested its state so before).
		if strings.HasPrefix(strings.TrimSpace(x), "{") {
			return a.checkToken(x)
		}
	}
	return nil
}
