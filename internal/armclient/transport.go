package armclient

import (
	"crypto/tls"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
)

// idleConnsPerHost is how many idle connections to one host (the ARM endpoint, the authority)
// the default transport keeps. azcore's own default keeps 10: an operator with many workers
// (MAX_CONCURRENT_RECONCILES per kind, tens of kinds) has more requests than that in flight
// whenever an HTTP/1.1 endpoint (a proxy, or one that does not negotiate HTTP/2) serves it,
// and every connection beyond 10 is closed when its request ends and dialled again, TLS
// handshake and all, for the next one. Only connections that were open at once are kept, and
// only for IdleConnTimeout: the bound is there so that no burst can hold sockets without limit.
const idleConnsPerHost = 1024

// DefaultTransport is what a Client with no Options.Transport sends through, and what the
// operator's credentials should use too, so that token requests share its connections: the
// settings of azcore's default transport (proxy from the environment, its dial, TLS and idle
// timeouts, HTTP/2 with a ping after 10 s idle), with connections kept for reuse as above.
func DefaultTransport() policy.Transporter { return defaultTransport() }

var defaultTransport = sync.OnceValue(func() *http.Client {
	t := &http.Transport{
		Proxy: http.ProxyFromEnvironment,
		DialContext: (&net.Dialer{
			Timeout:   30 * time.Second,
			KeepAlive: 30 * time.Second,
		}).DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          idleConnsPerHost,
		MaxIdleConnsPerHost:   idleConnsPerHost,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		TLSClientConfig:       &tls.Config{MinVersion: tls.VersionTLS12, Renegotiation: tls.RenegotiateFreelyAsClient},
		ExpectContinueTimeout: 1 * time.Second,
		HTTP2:                 &http.HTTP2Config{SendPingTimeout: 10 * time.Second, PingTimeout: 5 * time.Second},
	}
	return &http.Client{Transport: t}
})
