package credentials

import (
	"net/url"
	"strings"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/cloud"
	"github.com/Azure/azure-sdk-for-go/sdk/azidentity"
)

// publicAuthorities are the Microsoft Entra hosts MSAL knows. For any other host (a private
// cloud, armfake) instance discovery would ask login.microsoftonline.com about it, and fail.
var publicAuthorities = map[string]bool{
	"login.microsoftonline.com":        true,
	"login.microsoft.com":              true,
	"login.windows.net":                true,
	"login.microsoftonline.us":         true,
	"login.chinacloudapi.cn":           true,
	"login.partner.microsoftonline.cn": true,
}

func disableInstanceDiscovery(authorityHost string) bool {
	if authorityHost == "" {
		return false // azidentity's default, the public cloud
	}
	u, err := url.Parse(authorityHost)
	if err != nil {
		return true
	}
	return !publicAuthorities[strings.ToLower(u.Hostname())]
}

// build turns a checked spec into an azidentity credential.
func (p *Provider) build(src source, sp spec) (azcore.TokenCredential, *Error) {
	co := azcore.ClientOptions{Transport: p.opts.Transport}
	if p.opts.AuthorityHost != "" {
		co.Cloud = cloud.Configuration{ActiveDirectoryAuthorityHost: p.opts.AuthorityHost}
	}
	noDiscovery := disableInstanceDiscovery(p.opts.AuthorityHost)
	switch sp.kind {
	case KindWorkloadIdentity:
		tokenFile := strings.TrimSpace(p.getenv(FederatedTokenFileVar))
		if tokenFile == "" {
			tokenFile = DefaultFederatedTokenFile
		}
		// Every option is explicit: azidentity would otherwise fill gaps from the operator's
		// environment, mixing the global identity into a namespace's credential.
		cred, err := azidentity.NewWorkloadIdentityCredential(&azidentity.WorkloadIdentityCredentialOptions{
			ClientOptions: co, ClientID: sp.clientID, TenantID: sp.tenantID, TokenFilePath: tokenFile,
			DisableInstanceDiscovery: noDiscovery,
		})
		if err != nil {
			return nil, wrap(src.fail(UseWorkloadIdentityKey, "cannot be used: "+err.Error()), err)
		}
		return cred, nil
	case KindClientCertificate:
		var password []byte
		if sp.password != "" {
			password = []byte(sp.password)
		}
		certs, key, err := azidentity.ParseCertificates([]byte(sp.certificate), password)
		if err != nil {
			// azidentity's parse errors describe the format, not the content.
			return nil, wrap(src.fail(ClientCertificateKey, "is not a PEM or PKCS#12 certificate with its private key: "+err.Error()), err)
		}
		cred, err := azidentity.NewClientCertificateCredential(sp.tenantID, sp.clientID, certs, key,
			&azidentity.ClientCertificateCredentialOptions{ClientOptions: co, DisableInstanceDiscovery: noDiscovery})
		if err != nil {
			return nil, wrap(src.fail(ClientCertificateKey, "cannot be used: "+err.Error()), err)
		}
		return cred, nil
	default:
		cred, err := azidentity.NewClientSecretCredential(sp.tenantID, sp.clientID, sp.secret,
			&azidentity.ClientSecretCredentialOptions{ClientOptions: co, DisableInstanceDiscovery: noDiscovery})
		if err != nil {
			return nil, wrap(src.fail(TenantIDKey, "cannot be used: "+err.Error()), err)
		}
		return cred, nil
	}
}

func wrap(e *Error, cause error) *Error {
	e.cause = cause
	return e
}
