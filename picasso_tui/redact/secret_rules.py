"""The secret rule table the redactor applies (data, not mechanism: see ``scan.py`` and ``passes.py``).

Shapes are ported from gitleaks (MIT, ``config/gitleaks.toml``) and detect-secrets (Apache-2.0,
``detect_secrets/plugins``), then loosened for a redactor: a memory store loses little from an
occasional over-redaction, so prefixes anchor a rule and lengths are tolerant (see docs/redaction.md).

Every pattern is written to run in linear time on adversarial input:
- ``anchors`` are the lowercase literals a match starts with: the redactor tries the pattern only
  where one occurs (found with ``str.find``), never at every position;
- a token rule starts only at a run boundary (a negative lookbehind that also accepts a JSON ``\n``
  escape before the token), so one run of look-alike characters is entered once;
- every repetition is bounded, and possessive (``{m,n}+``) where the next token cannot be in the class.
A check function then tells a real secret from a placeholder (``<your-token>``, ``${VAR}``, ``xxxx``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from picasso_tui.redact.secret_checks import (
    Check,
    always,
    assignment,
    authorization,
    context,
    context_random,
    cookie,
    entropy,
    flag_value,
    looks_fake,
    password_flag,
    private_key,
    random_shape,
    shape,
    url_password,
    xml_value,
)


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    pattern: re.Pattern[str]
    anchors: tuple[str, ...] = ()
    """Lowercase literals. Every match starts ``offset`` characters before one of them, so the redactor
    only tries the pattern there (``str.find`` is far faster than a regex scan of every position)."""
    check: Check = shape
    offset: int = 0
    scan: bool = False
    """No fixed anchor: scan the whole text, and only when one of ``anchors`` occurs somewhere in it."""
    multiline: bool = False
    """A match may span lines (a PEM block): rescans after a pass read the whole text, not changed lines."""
    requires: tuple[str, ...] = ()
    """Lowercase literals of which one must occur in the text for the rule to run at all."""
    groups: tuple[str, ...] = ()
    """The named groups that hold the secret, first participating one wins (none: the whole match)."""
    glue: bool = False
    """The prefix is distinctive enough to be found glued to other token characters (``s-AKIA…``,
    ``id_sk-…``, ``token-eyJ…``); the redactor then tries one start per run of token characters."""


def _r(
    rule_id: str,
    pattern: str,
    anchors: str | tuple[str, ...],
    check: Check = shape,
    *,
    offset: int = 0,
    scan: bool = False,
    multiline: bool = False,
    requires: str = "",
    glue: str = "",
) -> Rule:
    """``anchors``: lowercase literals, space-separated or a tuple (see ``Rule.anchors``).

    ``glue``: ``"prefix"`` when the prefix alone is distinctive (``ghp_``, ``sk-ant-``, ``BBDC-``): the token
    start boundary is dropped; ``"random"`` when the prefix is short and common (``sk-`` in ``task-``,
    ``eyJ``): a glued token must also look machine-made (see ``_glued``)."""
    words = tuple(anchors.split()) if isinstance(anchors, str) else anchors
    if glue:
        start = next(b for b in _STARTS if pattern.startswith(b))
        pattern = pattern[len(start) :]
        check = _glued(check, strict=glue == "random")
    compiled = re.compile(pattern)
    groups = tuple(g for g in ("s", "s1", "s2", "s3", "s4", "bare") if g in compiled.groupindex)
    return Rule(rule_id, compiled, words, check, offset, scan, multiline, tuple(requires.split()), groups, bool(glue))


_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _is_glued(text: str, start: int) -> bool:
    """The match starts inside a run of token characters (not after a JSON ``\\n`` escape)."""
    return start > 0 and text[start - 1] in _TOKEN_CHARS and text[start - 2 : start] not in ("\\n", "\\r", "\\t")


def _machine_made(value: str) -> bool:
    """Upper case, digits and (unless the grammar has none) lower case, at a credential's entropy: ``task-``
    ids, ``desk-booking`` words and hex digests glued to a prefix are none of that."""
    upper = any(c.isupper() for c in value)
    digit = any(c.isdigit() for c in value)
    lower = any(c.islower() for c in value)
    return upper and digit and (lower or len(value) <= 40) and entropy(value) >= 3.3 and not looks_fake(value)


def _glued(check: Check, *, strict: bool) -> Check:
    def glued_check(text: str, m: re.Match[str], value: str) -> bool:
        if not check(text, m, value):
            return False
        start = m.start()
        if not _is_glued(text, start):
            return True
        if text[start - 1].islower() and text[start].islower():
            return False  # no seam: ``xtskey-…``, ``foosk_test_…`` read as one word, not a word and a token
        return not strict or _machine_made(value)

    return glued_check


_B = r"(?:(?<![A-Za-z0-9_-])|(?<=\\[nrt]))"  # token start: not inside a longer run of token characters
_E = r"(?![A-Za-z0-9_-])"  # token end
_S = r"(?:\b|(?<=\\[nrt]))"  # a word start, also right after a JSON escape (\nbearer …)
_BW = r"(?:(?<![\w-])|(?<=\\[nrt]))"
_STARTS = (_B, r"(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))", _BW, _S)
"""The token-start boundaries a glue rule drops (longest spelling first)."""
_QUOTE = r"(?:\\{0,3}[\"'`])?"
_SEP = r"[ \t]{0,8}(?:[:=]|:=|=>|[ \t])[ \t]{0,8}\\{0,3}[\"']?"
_VALUE = (
    # quoted values run up to 8 kB: OAuth refresh tokens and signed blobs exceed 1 kB
    r"(?:\\{1,3}\"(?P<s1>[^\"\\\n]{3,8192}+)\\{1,3}\""  # JSON-escaped: \"value\"
    r"|\"(?P<s2>(?:[^\"\\\n]|\\.){3,8192}+)\""  # under 3 characters is never a secret (is_placeholder)
    r"|'(?P<s3>[^'\n]{3,8192}+)'"  # no backtick quoting: `token=` in Markdown is a code span, not a value
    r"|(?P<bare>(?:[^\s\"'`,;(){}\[\]<>\\|&]|&(?![\w.-]{1,64}=|&)){3,1024}+))"  # & ends a query parameter
)
_KEYWORD = (
    r"(?P<k>passphrase|password|passwd|passcode|pswd|pwd|(?:(?<![a-z])|(?<=\\[nrt]))(?:pass|pw)|secret[_-]?key[_-]?base|secret[_-]?access[_-]?key|"
    r"secret[_-]?key|secret|access[_-]?token|refresh[_-]?token|auth[_-]?token|api[_-]?token|token|api[_-]?key|"
    r"apikey|access[_-]?key|private[_-]?key|signing[_-]?key|encryption[_-]?key|master[_-]?key|auth[_-]?key|"
    # in ``key="SmtpPassword" value="…"`` and ``<entry key="password">…`` the key attribute holds a name: the
    # secret is the value or the element's text after it
    r"credentials?|auth|key(?![ \t]{0,8}=[ \t]{0,8}[\"'][^\"'\n]{1,80}[\"'](?:[ \t]{1,8}value[ \t]{0,8}=|[ \t]{0,8}>)))"
)
_TYPED = r"(?:[ \t]{0,8}:?[ \t]{0,8}(?:string|str|String|&str|&'static str|const char ?\*|std::string)(?!\w))?"
"""A type between a name and its value in code: ``const apiKey string = "…"``, ``api_key: str = "…"``."""
_QUOTED_WORD = r"(?:\"[^\"\s=:]{3,256}\"|'[^'\s=:]{3,256}')"
"""A quoted value with no space, ``=`` or ``:``. The forms below whose check may still turn a match down look
ahead for one: a match turned down moves the rule past it, and must not swallow another assignment
(``getToken("password=…")``)."""
_QUOTED_TOKEN = r"(?:\"[\w+/.~-]{16,1024}={0,2}\"|'[\w+/.~-]{16,1024}={0,2}')"
_ASSIGN = (
    r"(?P<sep>:=|=>|\+?={1,3}|!={1,2}|\|\|=|\?\?=|\?=|:"  # Ruby's ||=, JavaScript's ??=, make's ?=
    r"|\((?=[ \t]{0,8}"
    + _QUOTED_WORD
    + ")"  # a setter or a builder: ``setPassword("…")``, ``.apiKey("…")``, ``withToken('…')``
    # an element named by its name or key attribute: ``<string name="api_key">…</string>`` (Android resources)
    r"|(?<=[\"'])(?:[ \t]{1,8}[\w:.-]{1,40}=[\"'][^\"'\n<>]{0,80}[\"']){0,3}[ \t]{0,8}>(?=[^\s<>=:]{3,1024}={0,2}</)"
    r"|(?<=[\"'])[ \t]{0,8},"  # ``"AccountKey", "…"``: a pair in code (Add, Set, a tuple)
    r"|-(?=[ \t]{1,8}[\"'])"  # ``token - '…'``
    r"|(?<=[\"'])[ \t]{1,8}value[ \t]{0,8}="  # config attributes: ``<add key="SmtpPassword" value="…"/>``
    r"|(?<=[ \t])is[ \t]{1,8}(?=" + _QUOTED_WORD + ")"  # ``the password is 'Secret123'``
    # the name ends its line (after an operator or a brace at most) and a quoted value starts the next:
    # ``ACCOUNT_KEY\n  = "…"``, ``AccountKey{\n "…"``, ``process.env.KEY ||\n "…"``
    r"|(?:=|:|=>|\{|\(|\|\||\?\?)?[ \t]{0,8}\r?\n[ \t]{0,64}(?:=|:|=>|\|\||\?\?)?(?=[ \t]{0,8}@?" + _QUOTED_TOKEN + ")"
    # ``LicenseKey gKP8…``, ``the key is 2afd…``, a table's ``| token | 2afd… |``
    r"|(?<=[ \t])(?:is[ \t]{1,8}|\|[ \t]{0,8})?(?=[\"']?[^\s\"'<>|]{16}))"
)
"""How a value follows a secret name; the last three forms take only a credential-looking value (assignment)."""
_UUID = r"[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}"
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

RULES: tuple[Rule, ...] = (
    # -- keys and our own secrets -------------------------------------------------------------------
    _r(
        "private-key",
        # The body is what a key is made of (base64 chunks and "Name: value" header lines, separated by real
        # or JSON-escaped newlines or spaces), up to the END line; a key cut short is redacted as far as its
        # body goes, and text after it (the next tool output, prose) is kept.
        r"-----BEGIN[ A-Z0-9_-]{0,100}?PRIVATE KEY(?: BLOCK)?-----"
        r"(?:(?:\r?\n|\\r\\n|\\n|[ \t])++(?:[A-Za-z][\w-]{0,40}:[^\n\\]{0,200}+|[A-Za-z0-9+/=]{1,256}+))*+"
        r"(?:(?:\r?\n|\\r\\n|\\n|[ \t])*+-----END[ A-Z0-9_-]{0,100}?PRIVATE KEY(?: BLOCK)?-----)?",
        "-----begin",
        private_key,
        multiline=True,
    ),
    _r(
        "putty-private-key",
        r"Private-Lines:[ \t]*\d+[ \t]*\r?\n(?:[A-Za-z0-9+/=]{1,128}\r?\n?){1,200}",
        "private-lines:",
        multiline=True,
    ),
    _r(
        "pkcs12-container",
        # A binary key store printed as text (``cat cert.p12``): the DER header (version 3, then the PKCS#7 data
        # OID, its high bytes either raw or replaced by U+FFFD); all of it up to 64 kB is key material.
        r"0[\s\S]{1,4}\x02\x01\x030[\s\S]{1,4}\x06\t\*[\x86\ufffd]H[\x86\ufffd][\xf7\ufffd]\r\x01\x07\x01[\s\S]{0,65536}+",
        "\x02\x01\x030",
        always,
        offset=3,
        scan=True,
        multiline=True,
    ),
    _r("age-secret-key", r"AGE-SECRET-KEY-1[" + _BECH32.upper() + r"]{58}", "age-secret-key-1"),
    _r("picasso-recovery-key", r"(?i)(?:(?<![a-z0-9])|(?<=\\[nrt]))pmk1(?:[- ]?[" + _BECH32 + r"]){20,80}+", "pmk1"),
    _r(
        "1password-secret-key",
        _S + r"A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}\b",
        "a3-",
    ),
    # -- cloud ------------------------------------------------------------------------------------------
    _r(
        "aws-access-key-id",
        _B + r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Z0-9])",  # may run into lower case: glued
        "akia asia abia acca a3t",
        glue="random",
    ),
    _r(
        "aws-secret-access-key",
        r"(?i)aws[_.-]?(?:secret[_.-]?(?:access[_.-]?)?key|sk|secret)(?:[_.-]?id)?"
        + _QUOTE
        + _SEP
        + r"(?P<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        "aws",
        context_random,
    ),
    _r("gcp-api-key", _B + r"AIza[\w-]{35}" + _E, "aiza", glue="prefix"),
    _r("gcp-oauth-client-secret", _B + r"GOCSPX-[\w-]{28}" + _E, "gocspx-"),
    _r("google-oauth-token", _B + r"ya29\.[\w-]{20,2048}+", "ya29."),
    _r("google-refresh-token", r"(?:(?<![\w/])|(?<=\\[nrt]))1//0[\w-]{40,512}+", "1//0"),
    _r(
        "azure-storage-key",
        r"(?i)" + _S + r"(?:AccountKey|SharedAccessKey|SharedAccessSignature|PrimaryKey|SecondaryKey)[ \t]*=[ \t]*"
        r"(?P<s>[A-Za-z0-9+/%]{16,512}+={0,2})",
        "accountkey sharedaccess primarykey secondarykey",
        context,
    ),
    _r(
        "azure-ad-client-secret",
        r"(?:(?<![A-Za-z0-9_~.-])|(?<=\\[nrt]))[a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])",
        "q~",
        offset=4,
    ),
    _r("digitalocean-token", _B + r"do[por]_v1_[a-f0-9]{64}" + _E, "dop_v1_ doo_v1_ dor_v1_"),
    _r("databricks-token", _B + r"dapi[a-fA-F0-9]{32}(?:-\d)?" + _E, "dapi"),
    _r("cloudflare-token", _B + r"cf(?:at|ut|k)_[A-Za-z0-9]{40}[a-f0-9]{8}" + _E, "cfat_ cfut_ cfk_", glue="random"),
    _r("vercel-token", _B + r"vc[pirka]_[A-Za-z0-9]{24,64}" + _E, "vcp_ vci_ vcr_ vck_ vca_", glue="random"),
    _r("hashicorp-vault-token", _B + r"hv[sbr]\.[\w-]{24,256}+", "hvs. hvb. hvr."),
    _r("terraform-cloud-token", _B + r"[a-z0-9]{14}\.atlasv1\.[\w=-]{60,120}+", ".atlasv1.", offset=14),
    _r("heroku-api-key", _B + r"HRKU-[\w-]{30,100}+", "hrku-"),
    _r(
        "heroku-api-key",
        r"(?i)heroku[_.-]?(?:api[_.-]?)?(?:key|token|secret)"
        + _QUOTE
        + _SEP
        + r"(?P<s>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})",
        "heroku",
        context,
    ),
    _r("fly-token", _B + r"fo1_[\w-]{39,64}+", "fo1_"),
    # a service token may name its environment: dp.st.<env>.<token>
    _r("doppler-token", _B + r"dp\.(?:pt|st|sa|ct|scim|audit)\.(?:[a-z0-9_-]{2,35}\.)?[a-zA-Z0-9]{40,48}" + _E, "dp."),
    _r("supabase-token", _B + r"sbp_[a-f0-9]{40}" + _E, "sbp_"),
    # -- source hosting and package registries ------------------------------------------------------
    _r(
        "github-token",
        # ghs_<app id>_<JWT>: GitHub App installation tokens in the newer format
        r"(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))(?:ghp|gho|ghu|ghs|ghr)_(?:[0-9A-Za-z]{30,255}+|\d{1,20}_ey[\w.-]{20,4096}+)",
        "ghp_ gho_ ghu_ ghs_ ghr_",
        glue="prefix",
    ),
    _r(
        "github-fine-grained-token",
        r"(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))github_pat_[0-9A-Za-z_]{22,255}+",
        "github_pat_",
        glue="prefix",
    ),
    _r(
        "gitlab-token",
        r"(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))gl(?:pat|dt|ft|soat|rt|ptt|cbt|imt|agent|oas|ffct|wt)-[\w-]{20,300}+(?:\.[\w-]{2,20}){0,2}",
        "glpat- gldt- glft- glsoat- glrt- glptt- glcbt- glimt- glagent- gloas- glffct- glwt-",
        glue="random",
    ),
    _r("gitlab-runner-token", _B + r"GR1348941[\w-]{20,64}+", "gr1348941"),
    _r("atlassian-token", _B + r"(?:ATBB|ATATT|ATCTT)[A-Za-z0-9_=.-]{24,300}+", "atbb atatt atctt"),
    _r("npm-token", _B + r"npm_[A-Za-z0-9]{36}" + _E, "npm_", glue="random"),
    _r(
        "npmrc-auth",
        r"(?i):_(?:authToken|auth|password)[ \t]*=[ \t]*(?P<s>[^\s\"']{4,1024}+)",
        ":_auth :_password",
        context,
    ),
    _r("pypi-token", _B + r"pypi-Ag[\w-]{50,1000}+", "pypi-ag", glue="prefix"),
    _r("docker-hub-token", _B + r"dckr_(?:pat|oat)_[\w-]{20,100}+", "dckr_", glue="prefix"),
    _r("rubygems-token", _B + r"rubygems_[a-f0-9]{48}" + _E, "rubygems_"),
    _r("postman-token", _B + r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}" + _E, "pmak-"),
    _r("grafana-token", _B + r"(?:glc_[A-Za-z0-9+/]{32,400}+={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})", "glc_ glsa_"),
    # legacy API keys: base64 of {"k":"…","n":"…","id":…}
    _r("grafana-token", _B + r"eyJrIjoi[A-Za-z0-9+/]{60,400}+={0,2}", "eyjrijoi"),
    _r("sentry-token", _B + r"sntr[ysu]_[A-Za-z0-9+/=_-]{40,400}+", "sntry_ sntrs_ sntru_"),
    _r("sentry-dsn-key", r"(?i)://(?P<s>[0-9a-f]{32})@[\w.-]{0,100}sentry\.io", "://"),
    _r("new-relic-key", _B + r"NR(?:AK|AA|II|JS)-[A-Za-z0-9]{27}" + _E, "nrak- nraa- nrii- nrjs-"),
    # license keys (40 hex, or a region, "xx", 30 hex and NRAL) and mobile app tokens (AA + 40 hex, or -NRMA)
    _r("new-relic-key", _B + r"[a-z]{2}\d{2}xx[a-f0-9]{30}NRAL" + _E, "nral", offset=36),
    _r("new-relic-key", _B + r"(?:[a-z]{2}\d{2}xx|AA)[a-f0-9]{34,40}-NRMA" + _E, "-nrma", scan=True),
    _r("linear-api-key", _B + r"lin_(?:api|oauth)_[A-Za-z0-9]{40,64}" + _E, "lin_api_ lin_oauth_", glue="prefix"),
    _r("harness-token", _B + r"pat\.[\w-]{22}\.[a-f0-9]{24}\.[A-Za-z0-9]{20}" + _E, "pat."),
    _r("octopus-deploy-key", _B + r"API-[A-Z0-9]{26,32}" + _E, "api-"),
    _r("rootly-key", _B + r"rootly_[a-f0-9]{64}" + _E, "rootly_", glue="prefix"),
    _r("bitbucket-server-token", _B + r"BBDC-[A-Za-z0-9+/]{40,60}+={0,2}", "bbdc-", glue="prefix"),
    _r(
        "artifactory-token",
        _B + r"(?:AKCp[A-Za-z0-9]{60,80}|cmVmdGtu[A-Za-z0-9]{56})" + _E,
        "akcp cmvmdgtu",
        glue="prefix",
    ),
    _r("notion-token", _B + r"(?:secret_[A-Za-z0-9]{43}|ntn_[A-Za-z0-9]{40,50}+)" + _E, "secret_ ntn_", random_shape),
    _r("dependency-track-key", _B + r"odt_[A-Za-z0-9]{32,255}" + _E, "odt_", random_shape),
    _r("sonarqube-token", _B + r"sq[upa]_[a-f0-9]{40}" + _E, "squ_ sqp_ sqa_"),
    _r("nuget-key", _B + r"oy2[a-z0-9]{43}" + _E, "oy2", random_shape),
    _r("crates-io-token", _B + r"cio[a-zA-Z0-9]{32}" + _E, "cio", random_shape),
    # Azure DevOps PATs since 2024: 84 characters with the "AZDO" signature at 76-79
    _r("azure-devops-token", _B + r"[a-zA-Z0-9]{76}AZDO[a-zA-Z0-9]{4}" + _E, "azdo", offset=76),
    # LaunchDarkly SDK keys, API access tokens and mobile keys: a kind prefix and a UUID
    _r(
        "launchdarkly-key",
        _B + r"(?:sdk|api|mob)-[a-z0-9]{8}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{12}" + _E,
        "sdk- api- mob-",
    ),
    _r(
        "vault-unseal-key",
        # ``vault operator init`` prints "Unseal Key 1: <base64>"; ``vault operator unseal <key>`` takes one
        r"(?i)unseal(?:[ \t]key[ \t]\d{1,2}:|[ \t])[ \t]{0,8}(?P<s>[A-Za-z0-9+/]{44})(?![A-Za-z0-9+/=])",
        "unseal",
    ),
    # -- chat ---------------------------------------------------------------------------------------
    _r("slack-token", r"(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))xox[abposre]-[0-9A-Za-z-]{10,250}+", "xox", glue="random"),
    _r(
        "slack-app-token",
        r"(?i)(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))xapp-\d-[A-Z0-9]{1,20}-\d{1,20}-[a-z0-9]{16,100}+",
        "xapp-",
    ),
    _r(
        "slack-webhook",
        r"hooks\.slack\.com/(?:services|workflows|triggers)/(?P<s>[A-Za-z0-9+/_-]{20,200}+)",
        "hooks.slack.com",
    ),
    _r(
        "discord-token",
        r"(?:(?<![\w.-])|(?<=\\[nrt]))[MNO][A-Za-z0-9_-]{23,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,40}(?![\w.-])",
        "discord",
        random_shape,
        scan=True,
    ),
    _r(
        "teams-webhook",
        r"(?i)(?:outlook\.office\.com/webhook|\.webhook\.office\.com/webhookb2)/"
        r"(?P<s>[a-f0-9-]{36}@[a-f0-9-]{36}/IncomingWebhook/[a-f0-9]{32}/[a-f0-9-]{36}(?:/[\w-]{10,100})?)",
        "outlook.office.com/webhook .webhook.office.com/webhookb2",
    ),
    _r("discord-webhook", r"discord(?:app)?\.com/api/webhooks/\d{5,30}/(?P<s>[\w-]{20,100}+)", "discord"),
    _r("telegram-bot-token", r"(?:(?<![\w:])|(?<=\\[nrt]))\d{8,10}:AA[\w-]{33}" + _E, ":aa", scan=True),
    # -- payments and messaging -------------------------------------------------------------------------
    _r(
        "stripe-key",
        r"(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))(?:sk|rk)_(?:live|test|prod)_[0-9A-Za-z]{10,247}+",
        "sk_ rk_",
        glue="random",
    ),
    _r("stripe-webhook-secret", _B + r"whsec_[A-Za-z0-9+/=]{20,128}+", "whsec_"),
    _r("twilio-api-key", r"SK(?:(?<![A-Za-z0-9_-]SK)|(?<=\\[nrt]SK))[0-9a-fA-F]{32}" + _E, "sk", scan=True),
    _r(
        "twilio-auth-token",
        r"(?i)twilio[_. -]?(?:auth[_. -]?)?(?:token|secret)" + _QUOTE + _SEP + r"(?P<s>[0-9a-f]{32})(?![0-9a-f])",
        "twilio",
        context,
    ),
    _r("sendgrid-key", _B + r"SG\.[\w-]{16,32}\.[\w-]{16,64}" + _E, "sg.", glue="random"),
    _r("mailgun-key", _B + r"key-[0-9a-f]{32}" + _E, "key-"),
    _r(
        "mailgun-key",
        r"(?<![0-9a-f])[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}(?![0-9a-f])",
        "-",
        scan=True,
        requires="mailgun",
    ),
    _r("mailchimp-key", r"(?<![0-9a-f])[0-9a-f]{32}-us\d{1,2}\b", "-us", offset=32),
    _r(
        "shopify-token",
        _B + r"shp(?:at|ca|pa|ss)_[a-zA-Z0-9]{32,64}" + _E,
        "shpat_ shpca_ shppa_ shpss_",
        glue="prefix",
    ),
    _r("square-token", _B + r"(?:EAAA[\w-]{60}|sq0(?:atp|csp|idp)-[\w-]{22,43})" + _E, "eaaa sq0"),
    _r("shippo-token", _B + r"shippo_(?:live|test)_[a-f0-9]{40}" + _E, "shippo_", glue="prefix"),
    _r("duffel-token", _B + r"duffel_(?:live|test)_[\w-]{43}" + _E, "duffel_", glue="prefix"),
    _r("besttime-key", _B + r"pri_[a-f0-9]{32}" + _E, "pri_"),
    _r("braintree-token", r"access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}", "access_token$"),
    # Salesforce session ids and access tokens: the 15-character org id, "!", the opaque token
    _r("salesforce-token", _B + r"00D[a-zA-Z0-9]{12}![a-zA-Z0-9._]{80,255}+", "00d"),
    _r("twitch-stream-key", _B + r"live_\d{8,12}_[A-Za-z0-9]{30,36}" + _E, "live_"),
    # -- model APIs ---------------------------------------------------------------------------------------
    _r("anthropic-key", _B + r"sk-ant-[A-Za-z0-9_-]{20,250}+", "sk-ant-", random_shape, glue="prefix"),
    _r(
        "openai-key",
        _B + r"sk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,250}+",
        "sk-",
        random_shape,
        glue="random",
    ),
    _r(
        "huggingface-token",
        r"(?:(?<![A-Za-z0-9])|(?<=\\[nrt]))(?:hf_|api_org_)[A-Za-z0-9]{30,40}" + _E,
        "hf_ api_org_",
        glue="random",
    ),
    _r("groq-key", _B + r"gsk_[A-Za-z0-9]{48,60}" + _E, "gsk_"),
    _r("xai-key", _B + r"xai-[A-Za-z0-9]{60,90}" + _E, "xai-"),
    _r("tavily-key", _B + r"tvly-(?:dev-|prod-)?[a-zA-Z0-9]{32}" + _E, "tvly-"),
    _r("replicate-token", _B + r"r8_[A-Za-z0-9]{37}" + _E, "r8_"),
    _r("perplexity-key", _B + r"pplx-[A-Za-z0-9]{40,60}" + _E, "pplx-"),
    _r("elevenlabs-key", _B + r"sk_[a-f0-9]{48}" + _E, "sk_"),
    _r("pinecone-key", _B + r"pcsk_[A-Za-z0-9]{5,6}_[A-Za-z0-9]{63}" + _E, "pcsk_", glue="prefix"),
    _r("langfuse-secret-key", _B + r"sk-lf-" + _UUID + _E, "sk-lf-"),
    _r("langsmith-key", _B + r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}" + _E, "lsv2_"),
    # -- more hosted services -------------------------------------------------------------------------------
    _r("meta-access-token", _B + r"EAA[A-Za-z0-9]{90,512}+" + _E, "eaa"),
    _r("figma-token", _B + r"figd_[\w-]{40,64}+", "figd_"),
    _r("airtable-token", _B + r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}" + _E, "pat"),
    _r("tailscale-key", _B + r"tskey-[a-z]{3,12}-[\w-]{16,128}+", "tskey-", glue="prefix"),
    _r("planetscale-token", _B + r"pscale_(?:tkn|pw|oauth)_[\w=.-]{32,64}+", "pscale_"),
    _r("dropbox-token", _B + r"sl\.[A-Za-z0-9_-]{130,1024}+", "sl."),
    _r("pulumi-token", _B + r"pul-[a-f0-9]{40}" + _E, "pul-"),
    _r("render-key", _B + r"rnd_[A-Za-z0-9]{32}" + _E, "rnd_"),
    _r("netlify-token", _B + r"nf[pc]_[A-Za-z0-9]{36,40}" + _E, "nfp_ nfc_"),
    _r("1password-service-token", _B + r"ops_ey[\w-]{100,4096}+", "ops_ey"),
    # -- password hashes: crackable offline, so a leaked hash is a leaked password --------------------------
    _r(
        "password-hash",
        # modular crypt format (md5crypt $1$, bcrypt $2?$, sha256/512crypt $5$/$6$, Cisco $8$/$9$, yescrypt $y$),
        # argon2, Kerberos AS-REP/TGS-REP hashes as hashcat and john print them. It starts with the literal "$"
        # (the lookbehind follows it), so the scan jumps from dollar to dollar in C: one pass, not one per prefix.
        r"\$(?<![\w$]\$)(?:1\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}"
        r"|2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}"
        r"|[56]\$(?:rounds=\d{1,9}\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{43}(?:[./A-Za-z0-9]{43})?"
        r"|[89]\$[./A-Za-z0-9]{14}\$[./A-Za-z0-9]{43}"
        r"|y\$[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{1,64}\$[./A-Za-z0-9]{43}"
        r"|argon2(?:id|i|d)\$v=\d{1,3}\$m=\d{1,10},t=\d{1,10},p=\d{1,3}\$[A-Za-z0-9+/]{8,128}\$[A-Za-z0-9+/]{16,256}"
        r"|krb5(?:asrep|tgs)\$\d{1,3}\$(?:[^\s$:]{1,256}+[$:]){0,3}[0-9a-fA-F]{32}\$[0-9a-fA-F]{64,8192})(?![./\w])",
        "$",
        scan=True,
    ),
    _r(
        "password-hash",  # Django's
        r"(?<![\w$])pbkdf2_sha(?:1|256|512)\$\d{1,9}\$[A-Za-z0-9+/=.]{4,128}\$[A-Za-z0-9+/=]{20,256}(?![\w+/=])",
        "pbkdf2_sha",
    ),
    # -- generic shapes -------------------------------------------------------------------------------------
    _r(
        "jwt",
        _BW + r"ey[A-Za-z0-9_-]{10,4096}+\.ey[A-Za-z0-9_-]{10,8192}+\.[A-Za-z0-9_-]{0,4096}+",
        "eyj eya",
        glue="random",
    ),
    _r(
        "url-password",
        r"://(?P<user>[^\s:/@'\"<>]{0,128}+):(?P<s>[^\s/'\"<>]{1,256})@(?=[\w\[])",
        "://",
        url_password,
    ),
    _r(
        "url-secret-param",
        r"(?i)(?<=[?&;#])(?:password|passwd|pwd|pass|token|access_token|refresh_token|id_token|auth_token|"
        r"api_key|apikey|api-key|secret|client_secret|sig|signature|x-amz-signature|x-amz-credential|"
        r"x-amz-security-token|x-goog-signature|x-goog-credential|code_verifier)=(?P<s>[^&#\s\"'<>]{1,2048}+)",
        "pass pwd token access_token refresh_token id_token auth_token api secret client_secret sig x-amz- x-goog- "
        "code_verifier",
        context,
    ),
    _r(
        "authorization-header",
        r"(?i)" + _S + r"authorization\\{0,3}[\"']?[ \t]{0,8}[:=][ \t]{0,8}\\{0,3}[\"']?"
        r"(?:(?:bearer|basic|token|bot|digest|apikey|sso-key|key|negotiate|ntlm)[ \t]{1,8}"
        r"|(?P<scheme>[A-Za-z][\w-]{1,24})[ \t]{1,8})?"  # a scheme of a vendor's own: Okta's SSWS
        r"(?P<s>[A-Za-z0-9._~+/=:-]{8,4096}+)",
        "authorization",
        authorization,
    ),
    _r(
        "bearer-token",
        r"(?i)" + _S + r"bearer[ \t]{1,8}(?P<s>[A-Za-z0-9._~+/-]{12,4096}+=*)",
        "bearer",
        context_random,
    ),
    _r(
        "api-key-header",
        r"(?i)" + _S + r"(?:x-api-key|x-auth-token|x-access-token|api-key|x-apikey|private-token|x-vault-token|"
        r"x-figma-token|x-goog-api-key|ocp-apim-subscription-key)\\{0,3}[\"']?[ \t]{0,8}:[ \t]{0,8}\\{0,3}[\"']?"
        r"(?P<s>[A-Za-z0-9._~+/=-]{8,4096}+)",
        "x-api-key x-auth-token x-access-token api-key x-apikey private-token x-vault-token x-figma-token "
        "x-goog-api-key ocp-apim-subscription-key",
        context,
    ),
    _r(
        "cookie-header",
        r"(?i)(?:(?<![\w-])|(?<=\\[nrt]))(?:set-)?cookie[ \t]{0,8}:[ \t]{0,8}(?P<s>[^\s=;]{1,128}=[^\n\"']{4,4096}+)",
        "cookie set-cookie",
        cookie,
    ),
    _r(
        "cli-secret-flag",
        # Starts with the literal "-" (the lookbehind follows it), so the scan jumps from dash to dash in C.
        r"(?i)-(?:(?<![\w-]-)|(?<=\\[nrt]-))-?(?:[\w]{1,30}?[_-]?)??(?P<k>password|passwd|pass|pwd|token|secret|api[_-]?key|apikey|"
        r"auth[_-]?token|access[_-]?token|client[_-]?secret|key)(?:=|[ \t]{1,8})"
        r"(?:\"(?P<s1>[^\"\n]{1,512}+)\"|'(?P<s2>[^'\n]{1,512}+)'|(?P<s3>[^\s\"'`|;&<>()]{1,512}+))",
        "-- -pass -pwd -token -secret -api -auth -access -client",
        flag_value,
        scan=True,
    ),
    _r(
        "cli-password-flag",
        r"[ \t](?:-p(?P<s>[^\s`-][^\s|;&`]{0,255}+)|(?:-p|--password)(?:[ \t]{1,8}|=)(?P<s2>[^\s`-][^\s|;&`]{0,255}+))",
        (" -p", "\t-p", " --password", "\t--password"),
        password_flag,
        requires="mysql mariadb sshpass login -u",
    ),
    _r(
        "cli-basic-auth",
        _BW + r"(?:-u|--user)(?:[ \t]{1,8}|=)[\"']?[^\s:\"'-][^\s:\"']{0,127}:(?P<s>[^\s\"'`]{1,256}+)",
        "-u --user",
        context,
    ),
    _r(
        "netrc-password",
        # .netrc tokens are separated by any white space: ``machine h\n  login u\n  password p`` is one entry
        r"(?i)" + _S + r"machine[ \t]+\S{1,256}+(?:(?:[ \t]{1,64}|[ \t]{0,64}\r?\n[ \t]{0,64})login[ \t]+\S{1,256}+)?"
        r"(?:[ \t]{1,64}|[ \t]{0,64}\r?\n[ \t]{0,64})password[ \t]+(?P<s>[^\s,;`]{1,256}+)",
        "machine",
        context,
        multiline=True,
    ),
    _r(
        "auth-tuple",
        # requests/httpx basic auth: auth=("user", "secret"), HTTPBasicAuth("user", "secret"); a credential built
        # from a user and a password: NetworkCredential("user", "secret"), PasswordAuthentication("user", "…")
        r"(?i)(?:auth[ \t]*=[ \t]*\(?|(?:basicauth|credentials?|passwordauthentication)\()"
        r"[ \t]*\\{0,3}([\"'])[^\"'\\\n]{1,128}\\{0,3}\1[ \t]*,[ \t]*"
        r"\\{0,3}([\"'])(?P<s>[^\"'\\\n]{3,256}+)\\{0,3}\2",  # also JSON-escaped: auth=(\"u\", \"p\")
        "auth basicauth( credential passwordauthentication(",
        context,
    ),
    _r(
        "xml-secret",
        r"(?i)<(?P<tag>[\w:.-]{0,40}?(?:password|passwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|"
        r"credentials?|key))(?:[ \t][^>\n]{0,200})?>(?P<s>[^<\n]{3,1024}+)</(?P=tag)>",
        "<",
        xml_value,
        scan=True,
        requires="password> passwd> secret> token> key> credential> credentials>",
    ),
    _r(
        "secret-assignment",
        # key, then a closing quote, a dict subscript's bracket or PHP's [] (``d["secret"] = …``, ``$key[] =``),
        # then the separator; Objective-C string literals start with @ (``apikey = @"…"``)
        # (a numbered name, ``token2``, and a type, ``apiKey string``, may come between)
        r"(?i)"
        + _KEYWORD
        + r"\d{0,3}"
        + _QUOTE
        + r"(?:\]|\[\])?"
        + _TYPED
        + r"[ \t]{0,32}"
        + _ASSIGN
        + r"[ \t]{0,32}@?"
        + _VALUE,
        "pass pw pswd secret access refresh auth api token private signing encryption master credential key",
        assignment,
    ),
    # -- sponsor and ad metadata (spec: never stored) ------------------------------------------------------
    _r(
        "tracking-param",
        r"(?i)(?<=[?&;#])(?:utm_[a-z_]{2,20}|gclid|gclsrc|dclid|fbclid|msclkid|mc_eid|mc_cid|yclid|igshid|_hsenc|"
        r"_hsmi|mkt_tok|twclid|ttclid|li_fat_id|wbraid|gbraid|irclickid|clickid|subid|affid|aff_id|affiliate_id|"
        r"affiliate|aff|partner_id|associate_id|ref_id)=[^&#\s\"'<>]{0,512}+",
        "utm_ gclid gclsrc dclid fbclid msclkid mc_eid mc_cid yclid igshid _hsenc _hsmi mkt_tok twclid ttclid "
        "li_fat_id wbraid gbraid irclickid clickid subid aff partner_id associate_id ref_id",
        always,
    ),
    _r("affiliate-tag", r"(?i)(?<=[?&;])tag=[\w.-]{1,64}-2[0-9](?![\w.-])", "tag=", always),
    _r(
        "sponsor-text",
        r"(?i)" + _S + r"(?:sponsored by|promoted by|paid partnership with|in partnership with|brought to you by|"
        r"this (?:post|video|episode|article|newsletter|message|section) is sponsored|advertisement:|"
        r"affiliate link|(?:promo|coupon|discount) code:?[ \t]{0,4}[A-Z0-9]{4,20}\b|#sponsored\b)[^\n]{0,300}+",
        (
            "sponsored by",
            "promoted by",
            "paid partnership",
            "in partnership",
            "brought to you",
            "this post",
            "this video",
            "this episode",
            "this article",
            "this newsletter",
            "this message",
            "this section",
            "advertisement:",
            "affiliate link",
            "promo code",
            "coupon code",
            "discount code",
            "#sponsored",
        ),
        always,
    ),
)
