package credentials

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/armfake"
)

// fixtureRoot is the repository's small spec root: armfake needs one, these tests need only
// its token endpoint.
const fixtureRoot = "../../specs/testdata/specification"

// TestTokenFromArmfake: credentials built from Secrets get tokens from armfake's Entra
// endpoint, for each way of proving identity, with the authority host from the settings and
// instance discovery off for a host MSAL does not know.
func TestTokenFromArmfake(t *testing.T) {
	srv := armfake.StartTest(t, armfake.Options{SpecRoot: fixtureRoot, StrictClients: true, Clients: map[string]armfake.Client{
		"app": {Secret: clientSecretValue}, "cert-app": {}, "wi-app": {},
	}})
	tokenFile := filepath.Join(t.TempDir(), "azure-identity-token")
	// The service account token workload identity presents; armfake does not check it.
	if err := os.WriteFile(tokenFile, []byte("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzeXN0ZW06c2VydmljZWFjY291bnQifQ.c2ln"), 0o600); err != nil {
		t.Fatal(err)
	}
	base := clientSecretData(subA, "app")
	cases := map[string]struct {
		data    map[string]string
		kind    Kind
		wantErr string
	}{
		"client secret":     {data: base, kind: KindClientSecret},
		"certificate":       {data: with(without(base, ClientSecretKey), ClientIDKey, "cert-app", ClientCertificateKey, certificatePEM(t)), kind: KindClientCertificate},
		"workload identity": {data: with(without(base, ClientSecretKey), ClientIDKey, "wi-app", UseWorkloadIdentityKey, "true"), kind: KindWorkloadIdentity},
		"wrong secret":      {data: with(base, ClientSecretKey, "wrong-"+clientSecretValue), kind: KindClientSecret, wantErr: "invalid_client"},
		"unknown client":    {data: with(base, ClientIDKey, "stranger"), kind: KindClientSecret, wantErr: "unauthorized_client"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			p := NewProvider(fakeReader(secret("ns1", NamespaceSecretName, c.data)), Options{
				AuthorityHost: srv.AuthorityHost(), Transport: srv.Client(),
				Getenv: env(map[string]string{FederatedTokenFileVar: tokenFile}),
			})
			cred, err := p.ForResource(context.Background(), resource("ns1", nil))
			if err != nil {
				t.Fatal(err)
			}
			if cred.Kind != c.kind {
				t.Fatalf("kind %s, want %s", cred.Kind, c.kind)
			}
			tok, err := cred.TokenCredential.GetToken(context.Background(), policy.TokenRequestOptions{
				Scopes: []string{"https://management.core.windows.net//.default"},
			})
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("got %v, want %s", err, c.wantErr)
				}
				if strings.Contains(err.Error(), clientSecretValue) {
					t.Error("the token error shows the client secret")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tok.Token == "" {
				t.Error("empty token")
			}
			if c.kind == KindWorkloadIdentity && !tokenRequestCarried(srv, "client_assertion=eyJhbGciOiJSUzI1NiJ9") {
				t.Error("the token request did not present the service account token")
			}
		})
	}
}

// TestGlobalFromEnvironmentGetsToken: the operator's own environment is a credential too.
func TestGlobalFromEnvironmentGetsToken(t *testing.T) {
	srv := armfake.StartTest(t, armfake.Options{SpecRoot: fixtureRoot, Clients: map[string]armfake.Client{"app": {Secret: clientSecretValue}}})
	p := NewProvider(fakeReader([]client.Object{}...), Options{
		OperatorNamespace: operatorNS, AuthorityHost: srv.AuthorityHost(), Transport: srv.Client(),
		Getenv: env(clientSecretData(subA, "app")),
	})
	cred, err := p.ForResource(context.Background(), resource("ns1", nil))
	if err != nil {
		t.Fatal(err)
	}
	if cred.Name != GlobalName || cred.Version != "" || cred.Secret.Name != "" {
		t.Errorf("got %+v", cred)
	}
	if _, err := cred.TokenCredential.GetToken(context.Background(), policy.TokenRequestOptions{
		Scopes: []string{"https://management.azure.com/.default"},
	}); err != nil {
		t.Fatal(err)
	}
}

// tokenRequestCarried reports whether a recorded token request held text in its body.
func tokenRequestCarried(srv *armfake.Server, text string) bool {
	for _, r := range srv.Requests() {
		if r.Method == "POST" && strings.HasSuffix(r.Path, "/token") && strings.Contains(r.Body, text) {
			return true
		}
	}
	return false
}
