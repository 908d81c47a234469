package armfake

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/arm"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/cloud"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
)

// sdkClient is what an Azure SDK user builds: a client-secret credential from azidentity
// against armfake's Entra endpoint and an ARM client (azcore pipeline with the bearer token
// policy) against armfake's ARM endpoint.
func sdkClient(t testing.TB, s *Server, clientID, secret string) *arm.Client {
	t.Helper()
	co := azcore.ClientOptions{
		Cloud: cloud.Configuration{
			ActiveDirectoryAuthorityHost: s.AuthorityHost(),
			Services: map[cloud.ServiceName]cloud.ServiceConfiguration{
				cloud.ResourceManager: {Endpoint: s.URL(), Audience: "https://management.azure.com/"},
			},
		},
		Transport: s.Client(),
		Retry:     policy.RetryOptions{RetryDelay: 10 * time.Millisecond, MaxRetryDelay: 50 * time.Millisecond},
	}
	// Instance discovery would ask login.microsoftonline.com about a host it does not know.
	cred, err := azidentity.NewClientSecretCredential(s.TenantID(), clientID, secret,
		&azidentity.ClientSecretCredentialOptions{ClientOptions: co, DisableInstanceDiscovery: true})
	if err != nil {
		t.Fatal(err)
	}
	c, err := arm.NewClient("armfake.test", "v0.0.1", cred, &arm.ClientOptions{ClientOptions: co})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// sdkDo sends a request through the client's pipeline; long-running answers are driven to
// completion by runtime.NewPoller, unchanged.
func sdkDo(ctx context.Context, c *arm.Client, method, path, apiVersion string, body any) (map[string]any, error) {
	req, err := runtime.NewRequest(ctx, method, runtime.JoinPaths(c.Endpoint(), path))
	if err != nil {
		return nil, err
	}
	q := req.Raw().URL.Query()
	q.Set("api-version", apiVersion)
	req.Raw().URL.RawQuery = q.Encode()
	if body != nil {
		if err := runtime.MarshalAsJSON(req, body); err != nil {
			return nil, err
		}
	}
	resp, err := c.Pipeline().Do(req)
	if err != nil {
		return nil, err
	}
	if !runtime.HasStatusCode(resp, http.StatusOK, http.StatusCreated, http.StatusAccepted, http.StatusNoContent) {
		return nil, runtime.NewResponseError(resp)
	}
	if resp.Header.Get("Azure-AsyncOperation") != "" || resp.Header.Get("Location") != "" {
		poller, err := runtime.NewPoller[map[string]any](resp, c.Pipeline(), nil)
		if err != nil {
			return nil, err
		}
		return poller.PollUntilDone(ctx, &runtime.PollUntilDoneOptions{Frequency: 10 * time.Millisecond})
	}
	var out map[string]any
	if resp.StatusCode != http.StatusNoContent {
		if err := runtime.UnmarshalAsJSON(resp, &out); err != nil && method != http.MethodDelete {
			return nil, err
		}
	}
	return out, nil
}

type sdkCase struct {
	root, rgAPI, api, parentPath, childPath string
	parent, child                           map[string]any
}

func sdkCases(t *testing.T) map[string]sdkCase {
	cases := map[string]sdkCase{
		"fixture": {
			root: fixtureRoot, rgAPI: "2021-04-01", api: "2021-01-01",
			parentPath: "/providers/Microsoft.Widgets/widgets/w1", childPath: "/providers/Microsoft.Widgets/widgets/w1/gadgets/g1",
			parent: widgetBody(), child: map[string]any{"properties": map[string]any{"teethCount": 4}},
		},
	}
	if root := corpusRoot(nopSkip{t}); root != "" {
		cases["corpus"] = sdkCase{
			root: root, rgAPI: "2021-04-01", api: "2020-11-01",
			parentPath: "/providers/Microsoft.Network/virtualNetworks/vnet1", childPath: "/providers/Microsoft.Network/virtualNetworks/vnet1/subnets/sn1",
			parent: map[string]any{"location": "westus", "properties": map[string]any{"addressSpace": map[string]any{"addressPrefixes": []string{"10.0.0.0/16"}}}},
			child:  map[string]any{"properties": map[string]any{"addressPrefix": "10.0.0.0/24"}},
		}
	}
	return cases
}

// nopSkip lets corpusRoot answer "" instead of skipping the whole test.
type nopSkip struct{ testing.TB }

func (nopSkip) Skip(...any) {}

func TestSDK(t *testing.T) {
	for name, c := range sdkCases(t) {
		t.Run(name, func(t *testing.T) {
			s := StartTest(t, Options{SpecRoot: c.root, LROPolls: 2, RetryAfter: 5 * time.Millisecond, ForceLRO: true,
				Clients: map[string]Client{"app": {Secret: "s3cret"}, "scoped": {Secret: "x", Scopes: []string{sub + "/resourceGroups/mine"}}}})
			ctx := context.Background()
			cl := sdkClient(t, s, "app", "s3cret")
			rgPath := sub + "/resourceGroups/rg1"
			got, err := sdkDo(ctx, cl, "PUT", rgPath, c.rgAPI, map[string]any{"location": "westus"})
			if err != nil {
				t.Fatal(err)
			}
			if got["id"] != rgPath {
				t.Errorf("resource group: %v", got)
			}
			for _, step := range []struct {
				path string
				body map[string]any
			}{{rgPath + c.parentPath, c.parent}, {rgPath + c.childPath, c.child}} {
				got, err := sdkDo(ctx, cl, "PUT", step.path, c.api, step.body)
				if err != nil {
					t.Fatalf("PUT %s: %v", step.path, err)
				}
				if got["id"] != step.path {
					t.Errorf("PUT %s answered %v", step.path, got)
				}
			}
			if got, err := sdkDo(ctx, cl, "GET", rgPath+c.childPath, c.api, nil); err != nil || got["name"] == nil {
				t.Fatalf("GET child: %v %v", got, err)
			}
			if _, err := sdkDo(ctx, cl, "DELETE", rgPath, c.rgAPI, nil); err != nil {
				t.Fatalf("DELETE resource group: %v", err)
			}
			_, err = sdkDo(ctx, cl, "GET", rgPath+c.childPath, c.api, nil)
			var re *azcore.ResponseError
			if !errors.As(err, &re) || re.StatusCode != 404 {
				t.Fatalf("child after deleting its group: %v", err)
			}
			// The token carried the client id; the requests were made as that client.
			var polls, tokens int
			for _, r := range s.Requests() {
				if r.ClientID != "" && r.ClientID != "app" {
					t.Errorf("request as %q", r.ClientID)
				}
				switch {
				case r.Method == "GET" && r.Status == 200 && r.APIVersion != "" && r.ClientID == "app":
					polls++
				case r.Method == "POST":
					tokens++
				}
			}
			if polls == 0 || tokens == 0 {
				t.Errorf("expected token requests and polls in %+v", s.Requests())
			}

			// A scoped client gets 403 outside its scope, and works inside it.
			sc := sdkClient(t, s, "scoped", "x")
			_, err = sdkDo(ctx, sc, "PUT", sub+"/resourceGroups/other", c.rgAPI, map[string]any{"location": "westus"})
			if !errors.As(err, &re) || re.StatusCode != 403 || re.ErrorCode != "AuthorizationFailed" {
				t.Fatalf("scoped client outside its scope: %v", err)
			}
			if _, err := sdkDo(ctx, sc, "PUT", sub+"/resourceGroups/mine", c.rgAPI, map[string]any{"location": "westus"}); err != nil {
				t.Fatalf("scoped client inside its scope: %v", err)
			}
			// A wrong secret gets no token.
			bad := sdkClient(t, s, "app", "wrong")
			if _, err := sdkDo(ctx, bad, "GET", rgPath, c.rgAPI, nil); err == nil {
				t.Fatal("a wrong client secret got a token")
			}
		})
	}
}
