package armclient

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
)

// endpointPolicy refuses, before anything is sent, a request to any host but the ARM endpoint's.
// Every request of the pipeline carries the bearer token, and not every URL it is given is the
// operator's own: a resume token is read back from an annotation anyone who can edit the object
// may rewrite, and a poll follows the URLs it names (and the Location ARM answers). azcore's
// bearer policy only asks for https.
type endpointPolicy struct {
	base         *url.URL
	scheme, host string
}

func newEndpointPolicy(endpoint string) (endpointPolicy, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return endpointPolicy{}, err
	}
	if u.Host == "" {
		return endpointPolicy{}, fmt.Errorf("no host in %q", endpoint)
	}
	return endpointPolicy{base: u, scheme: u.Scheme, host: u.Host}, nil
}

// sameOrigin says a and b name one scheme, host and port, a port left out being the scheme's
// (an endpoint configured as https://management.azure.com:443/ is answered with URLs without it).
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) && portOf(a) == portOf(b)
}

func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return "443"
	case "http":
		return "80"
	}
	return ""
}

func (p endpointPolicy) Do(req *policy.Request) (*http.Response, error) {
	u := req.Raw().URL
	if !sameOrigin(u, p.base) {
		return nil, &Error{
			Code: CodeForeignEndpoint,
			Message: fmt.Sprintf("%s %s://%s%s is not on the ARM endpoint %s://%s: not sent",
				req.Raw().Method, u.Scheme, u.Host, ResourceType(req.Raw().Method, u.Path), p.scheme, p.host),
		}
	}
	return req.Next()
}
