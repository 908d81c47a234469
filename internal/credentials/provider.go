package credentials

import (
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/pkg/genruntime"
)

// Options configure a Provider.
type Options struct {
	// OperatorNamespace holds the global aso-controller-settings Secret (POD_NAMESPACE); empty
	// means the global credential comes from the environment only.
	OperatorNamespace string
	// AuthorityHost is the Microsoft Entra authority (AZURE_AUTHORITY_HOST); empty means
	// azidentity's default, the public cloud.
	AuthorityHost string
	// Transport sends token requests; tests pass one that trusts armfake's CA.
	Transport policy.Transporter
	// Getenv reads the operator's environment (the global credential,
	// AZURE_FEDERATED_TOKEN_FILE); nil means os.Getenv.
	Getenv func(string) string
}

// Provider finds and builds credentials. It keeps what it built per Secret version, so the
// tokens a credential caches are reused until the Secret changes. It is safe for concurrent use.
type Provider struct {
	reader client.Reader
	opts   Options

	mu    sync.Mutex
	built map[string]*Credential
}

// NewProvider reads Secrets through reader (the manager's client, or an uncached reader where
// Secrets are not watched).
func NewProvider(reader client.Reader, opts Options) *Provider {
	return &Provider{reader: reader, opts: opts, built: map[string]*Credential{}}
}

func (p *Provider) getenv(key string) string {
	if p.opts.Getenv != nil {
		return p.opts.Getenv(key)
	}
	return os.Getenv(key)
}

// ForResource is the credential obj acts with, by the rules in the package documentation.
func (p *Provider) ForResource(ctx context.Context, obj client.Object) (*Credential, error) {
	ns := obj.GetNamespace()
	if name, ok := obj.GetAnnotations()[genruntime.CredentialFromAnnotation]; ok && name != "" {
		key := types.NamespacedName{Namespace: ns, Name: name}
		secret, err := p.secret(ctx, key)
		if err != nil {
			return nil, err
		}
		if secret == nil {
			p.Forget(key)
			return nil, &Error{Reason: ReasonSecretNotFound, Secret: key, message: fmt.Sprintf(
				"credential Secret %s named by annotation %s does not exist", key, genruntime.CredentialFromAnnotation)}
		}
		return p.fromSource(key.String(), secretSource(secret))
	}
	if ns != "" {
		key := types.NamespacedName{Namespace: ns, Name: NamespaceSecretName}
		secret, err := p.secret(ctx, key)
		if err != nil {
			return nil, err
		}
		if secret != nil {
			return p.fromSource(key.String(), secretSource(secret))
		}
		p.Forget(key)
	}
	if used := obj.GetAnnotations()[genruntime.CredentialUsedAnnotation]; used != "" && used != GlobalName {
		// The namespace's Secret is deleted with the namespace, often before the resources in
		// it are: taking the global credential then would delete (or write) with rights the
		// namespace was never given. Restoring the Secret, or removing the annotation, says
		// which credential to use.
		return nil, &Error{Reason: ReasonCredentialWithdrawn, message: fmt.Sprintf(
			"the resource acted with credential %s, which no longer exists; the operator does not fall back to the global credential on its own: restore Secret %s, or remove annotation %s to use the global credential",
			used, used, genruntime.CredentialUsedAnnotation)}
	}
	return p.Global(ctx)
}

// Forget drops what was built from Secret key (its tokens included): the Secret was deleted or
// changed. It returns the names of the credentials dropped, for the clients built on them.
func (p *Provider) Forget(key types.NamespacedName) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var names []string
	for name, c := range p.built {
		if c.Secret == key {
			delete(p.built, name)
			names = append(names, name)
		}
	}
	return names
}

// Len is the number of credentials held.
func (p *Provider) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.built)
}

// Global is the operator's global credential: from the aso-controller-settings Secret when it
// holds credential keys, else from the operator's environment.
func (p *Provider) Global(ctx context.Context) (*Credential, error) {
	if p.opts.OperatorNamespace != "" {
		key := types.NamespacedName{Namespace: p.opts.OperatorNamespace, Name: GlobalSecretName}
		secret, err := p.secret(ctx, key)
		if err != nil {
			return nil, err
		}
		if secret != nil {
			if src := secretSource(secret); src.hasCredential() {
				return p.fromSource(GlobalName, src)
			}
		}
		p.Forget(key)
	}
	src := envSource(p.getenv)
	if !src.hasCredential() {
		return nil, &Error{Reason: ReasonCredentialNotFound, message: fmt.Sprintf(
			"no credential: no annotation %s, no Secret %s in the resource's namespace, and no global credential in Secret %s/%s or the operator's environment",
			genruntime.CredentialFromAnnotation, NamespaceSecretName, p.opts.OperatorNamespace, GlobalSecretName)}
	}
	return p.fromSource(GlobalName, src)
}

// secret reads a Secret; nil without error when it does not exist.
func (p *Provider) secret(ctx context.Context, key types.NamespacedName) (*corev1.Secret, error) {
	var s corev1.Secret
	if err := p.reader.Get(ctx, key, &s); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, nil
		}
		return nil, fmt.Errorf("reading credential Secret %s: %w", key, err)
	}
	return &s, nil
}

// fromSource returns the credential built for this source version, building it the first time.
func (p *Provider) fromSource(name string, src source) (*Credential, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if c, ok := p.built[name]; ok && c.Version == src.version && c.Secret == src.secret {
		return c, nil
	}
	sp, ferr := src.read()
	if ferr != nil {
		return nil, ferr
	}
	tc, berr := p.build(src, sp)
	if berr != nil {
		return nil, berr
	}
	c := &Credential{
		Name: name, Secret: src.secret, Version: src.version,
		SubscriptionID: sp.subscriptionID, TenantID: sp.tenantID, ClientID: sp.clientID, Kind: sp.kind,
		TokenCredential: tc,
	}
	p.built[name] = c
	return c, nil
}
