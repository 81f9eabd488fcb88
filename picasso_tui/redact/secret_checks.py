"""What tells a real secret from a look-alike: placeholders, randomness, and the check each rule of the table
(``secret_rules.py``) runs on its match.

A check is ``(text, match, value) -> bool``: True when the match is a real secret rather than a placeholder
(``<your-token>``, ``${VAR}``, ``xxxx``), a code reference or prose.
"""

from __future__ import annotations

import base64
import math
import re
from collections import Counter
from collections.abc import Callable

Check = Callable[[str, "re.Match[str]", str], bool]
"""(text, match, secret value) -> True when the match is a real secret rather than a placeholder."""

# -- placeholders -------------------------------------------------------------------------------------


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_PLACEHOLDER_WORDS = frozenset(
    _words(
        """changeme change_me changeit password passwd pass pwd secret secrets token apikey api_key key
        example examples sample test testing dummy fake mock none null nil true false undefined yes no on off
        redacted hidden masked removed placeholder todo tbd fixme xxx foo bar baz qux required optional
        include omit same-origin bearer basic digest str string int bytes bool boolean number any
        secretstr optional[str] text value default empty unset env environment"""
    )
)
_PLACEHOLDER_FRAGMENTS = _words(
    """example placeholder your_ your- yourtoken yourkey yoursecret yourpassword <your _here -here xxxx ****
    .... … changeme dummy redacted replace_me replace-me insert_ insert- not-a-real not_a_real notreal"""
)
_PLACEHOLDER_PREFIXES = _words("$ % {{ {% < #{ @{ [REDACTED: %( & * ENC[ vault: !")
_INDIRECTION = _words(
    """os.environ os.getenv getenv( process.env env( env[ env. secrets. op:// keyring arn:aws:secretsmanager
    arn:aws:ssm vault( file("""
)
_FRAGMENT_RE = re.compile("|".join(map(re.escape, _PLACEHOLDER_FRAGMENTS)))
_INDIRECTION_RE = re.compile("|".join(map(re.escape, _INDIRECTION)))
_TYPE_NAMES = re.compile(r"(?:Optional\[\w+\]|\w+\s*\|\s*None|Secret\w*|[A-Z]\w*Type|str|string|bytes|int)", re.ASCII)
_DOTTED_REF = re.compile(r"[A-Za-z_]+(?:\.[A-Za-z_]+)+")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_VERSION = re.compile(r"[\^~<>=v ]{0,3}\d+(?:\.[\dx*]+)+[\w.+-]*")
_PATH = re.compile(r"(?:~|\.{1,2})?/(?:[\w.@+-]+/)*[\w.@+-]+/?")
_VALUE_END = re.compile(r"[ \t]*+(?:$|\r|#|,|\}|\]|\\[nr\"']|[\"'])", re.MULTILINE)


def _is_path(value: str) -> bool:
    """A file system path (``/run/secrets/db``, ``~/.config/gcloud/adc.json``), not a credential.

    Base64 can start with ``/`` too, so a path must be lowercase or end in a file extension.
    """
    return bool(_PATH.fullmatch(value)) and (value == value.lower() or re.search(r"\.[a-z]{2,5}$", value) is not None)


def is_placeholder(value: str) -> bool:
    """True for values that stand for a secret without being one: ``<your-token>``, ``${VAR}``, ``xxxx``."""
    v = value.strip().strip("\"'`").strip()
    if len(v) < 3:
        return True
    low = v.lower()
    if low in _PLACEHOLDER_WORDS or v.startswith(_PLACEHOLDER_PREFIXES):
        return True
    if _INDIRECTION_RE.search(low, 0, 64) or _has_fragment(v[:64], low[:64]):  # see looks_fake: only the head
        return True
    if (len(v) <= 32 and _VERSION.fullmatch(v)) or _is_path(v):  # ``1000.1fa6…``, 70 characters, is no version
        return True
    # xxxxxxxx, ********, 00000000, ab-ab-ab: too few distinct characters to be a credential.
    return len(set(low) - set("-_. ")) <= 2


def _has_fragment(value: str, low: str, your: bool = False) -> bool:
    """A placeholder word in one case (``xxxx``, ``XXXX``, ``Your``): random mixed case (``XxXx``) is not one."""
    hits = [m.group() for m in _FRAGMENT_RE.finditer(low)]
    words = any(f in value or f.upper() in value or f.capitalize() in value for f in hits if f != "xxxx")
    return (
        words
        or ("xxxx" in hits and _FILLER_RUN.search(value) is not None)
        or (your and _YOUR_WORD.search(value) is not None)
    )


# Short fillers count only where they stand as words (``sk-xxxx``, ``ghp_YourToken``) or run long
# (``AKIAXXXXXXXXXXXXXXXX``): inside random characters (``…2Xxxxbd6…``, ``….YOURz2.…``) they are chance.
_FILLER_RUN = re.compile(r"x{6,}|X{6,}|(?<![A-Za-z0-9])(?:x{4,}|X{4,})(?![A-Za-z0-9])")
_YOUR_WORD = re.compile(r"(?<![A-Za-z0-9])(?:your|Your|YOUR)(?![a-z0-9])")


def looks_fake(value: str) -> bool:
    """For shape rules: the random part of a token is a placeholder (``sk-xxxx…``, ``ghp_your_token``)."""
    head = value[:64]  # placeholders are short; a word "found" deep in a long random token is chance
    if _has_fragment(head, head.lower(), your=True):
        return True
    body = re.sub(r"^[a-z0-9]{1,8}[_-]", "", value.lower())  # drop the provider prefix before counting
    return len(set(body) - set("-_.")) <= 3


def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    counts = Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values()) if value else 0.0


def high_entropy(value: str) -> bool:
    """A machine-made credential (``w4aCQ9gfZ6y1T9eW…``), as opposed to a word or a short value."""
    if len(value) < 16 or not looks_random(value):
        return False
    # hex has 16 symbols: 32 random hex digits measure ~3.6 bits, a word-like value far less
    return entropy(value) >= (3.0 if len(value) >= 24 and _HEX.fullmatch(value) else 3.5)


_HEX = re.compile(r"[0-9a-fA-F]+")


def looks_random(value: str) -> bool:
    """At least two character classes: a token, not a word like ``authentication``."""
    classes = any(c.islower() for c in value) + any(c.isupper() for c in value) + any(c.isdigit() for c in value)
    return classes >= 2 and not looks_fake(value)


# -- checks -------------------------------------------------------------------------------------------


_TEMPLATE = re.compile(
    r"[<>]|\$\{|\{\{|\.\.\.|…|\*{3}|placeholder|replace[_-]?me|insert[_-]|not[_-]?a[_-]?real|notreal|changeme|redacted",
    re.IGNORECASE,
)


def templated(value: str) -> bool:
    """A token with a template's marks (``ghp_<token>``, ``sk-...``, ``glpat-${TOKEN}``, ``ghp_your_token``).

    A body of filler under a vendor's full grammar (``BBDC-AAAA…``, ``dckr_pat_Example…``) still counts:
    scanners treat it as a finding, and hiding a look-alike costs a reader little."""
    return value in _DOC_EXAMPLES or _TEMPLATE.search(value) is not None or _YOUR_WORD.search(value) is not None


_DOC_EXAMPLES = frozenset({"AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"})
"""The vendors' own documentation values, pasted into every tutorial (gitleaks allow-lists them too)."""


def shape(text: str, m: re.Match[str], value: str) -> bool:
    return not templated(value)


def random_shape(text: str, m: re.Match[str], value: str) -> bool:
    return looks_random(value)


def always(text: str, m: re.Match[str], value: str) -> bool:
    return True


def context(text: str, m: re.Match[str], value: str) -> bool:
    return not is_placeholder(value)


def context_random(text: str, m: re.Match[str], value: str) -> bool:
    return not is_placeholder(value) and looks_random(value)


def flag_value(text: str, m: re.Match[str], value: str) -> bool:
    """``--token VALUE``: a credential-looking value, not the next word of a sentence (``--token flag``)."""
    if is_placeholder(value) or value.startswith("-"):
        return False
    if m.group("k").lower() == "key":
        return high_entropy(value)  # ``--key ~/.ssh/id``, ``--recv-key 0xABCD``: names, not secrets
    return looks_random(value) or len(value) >= 16 or any(not c.isalnum() for c in value)


_MYSQL = re.compile(r"(?:\b|(?<=\\[nrt]))(?:mysql|mysqldump|mysqladmin|mariadb)\b")
_LOGIN = re.compile(r"(?:\b|(?<=\\[nrt]))(?:sshpass|(?:docker|podman|buildah|skopeo|helm[ \t]+registry)[ \t]+login)\b")


_USER_FLAG = re.compile(r"(?:^|[ \t])-u[ \t]{1,8}[^\s-]\S{0,127}$")


def password_flag(text: str, m: re.Match[str], value: str) -> bool:
    """``mysql -pSECRET`` (``mysql -p db`` prompts: ``db`` is no password), ``docker login -p SECRET``."""
    if is_placeholder(value):
        return False
    line = re.split(r"\n|\\n", text[max(0, m.start() - 200) : m.start()])[-1].lower()
    if m.group("s") is not None:
        return bool(_MYSQL.search(line) or _LOGIN.search(line))
    if _USER_FLAG.search(line) and m.group().lstrip().startswith("-p "):
        return True  # ``psexec \\host -u admin -p s3cret``: a user flag, then the password flag
    return bool(_LOGIN.search(line) or (_MYSQL.search(line) and "--password" in m.group()))


_URL_PLACEHOLDERS = frozenset(_words("password passwd pwd secret changeme changeit redacted hidden masked placeholder"))


def url_password(text: str, m: re.Match[str], value: str) -> bool:
    """``scheme://user:pass@host``: a URL holds a literal, so only a template (``${PASSWORD}``, ``<pw>``,
    ``{{pass}}``, ``****``) or the word "password" stands for one; ``user:pass@`` is a credential."""
    v = value.lower()
    if v in _URL_PLACEHOLDERS or "password" in v or value.startswith(_PLACEHOLDER_PREFIXES) or templated(value):
        return False
    if m.group("user") == value:
        return False  # ``postgres:postgres@``: a default credential of a local service, as documented
    return len(value) >= 4 and len(set(v)) > 2 and not value.startswith(("{", "["))


def xml_value(text: str, m: re.Match[str], value: str) -> bool:
    """``<password>…</password>``; a tag that ends in a bare ``key`` (``<account_key>``) needs a machine-made value."""
    if not secret_named(m.group("tag")):
        return _token(value)
    return not is_placeholder(value)


def authorization(text: str, m: re.Match[str], value: str) -> bool:
    """``Authorization: [scheme] credential``; after a scheme of a vendor's own (``SSWS``, Okta's), a word
    can as well be prose (``Authorization: Admin privileges``), so the credential must look machine-made."""
    if m.group("scheme") is not None:
        return len(value) >= 16 and looks_random(value) and not is_placeholder(value)
    return not is_placeholder(value)


def cookie(text: str, m: re.Match[str], value: str) -> bool:
    """A cookie header that carries a session-like value (``theme=dark`` alone is not worth hiding)."""
    pairs = (part.partition("=")[2].strip() for part in value.split(";"))
    return any(len(v) >= 12 and looks_random(v) for v in pairs)


def decodes_to_text(value: str) -> bool:
    """Base64 of words (``YWJjZGVm…`` is "abcdef…", ``ZHVtbXkgdGV4dA==`` "dummy text"): not key material. A
    key or a digest decodes to binary; base64 of ``id:secret`` (basic auth, NGC keys) decodes to a token."""
    body = value.rstrip("=")
    if len(body) < 8 or len(body) % 4 == 1:
        return False
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), validate=True).decode("ascii")
    except ValueError:
        return False
    if not raw.isprintable() and not all(c.isprintable() or c in "\t\n\r" for c in raw):
        return False
    return any(c.isspace() for c in raw) or not (looks_random(raw) and any(c.isdigit() for c in raw))


def private_key(text: str, m: re.Match[str], value: str) -> bool:
    header_end = value.find("-----", 10) + 5
    body = re.sub(r"-----END.*", "", value[header_end:], flags=re.S)
    body = re.sub(r"\\[nr]|\s|[^A-Za-z0-9+/=]", "", body)
    # Only "too short", "too few distinct characters" (``...``, ``XXXX``) or a body that is encoded text mark
    # a placeholder: a word check would sometimes fire on a kilobyte of random base64 and leave a key in place.
    return len(body) >= 20 and len(set(body)) > 4 and not decodes_to_text(body)


_SECRET_KEY_SUFFIX = re.compile(
    r"(?i)(?:passphrase|password|passwd|passcode|pswd|pwd|(?:^|[^a-z])(?:pass|pw)|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|"
    r"signing[_-]?key|encryption[_-]?key|master[_-]?key|auth[_-]?key|secret[_-]?key[_-]?base|credentials?|auth|"
    r"authorization|cookie)$"  # header names as dict keys: {"Authorization": "Basic dXNl…"}
)
_NOT_SECRET_KEYS = frozenset({"TOKEN_TYPE"})
_SHELL_DIRS = frozenset({"PWD", "OLDPWD"})
"""The shell's working directories (``PWD=/home/me``), not a password, when they hold a path."""
_PUBLIC_KEY = re.compile(r"(?i)(?:public|pub|publishable)[_-]?key$")


def secret_named(key: str) -> bool:
    """A key whose value is a secret: ``DB_PASSWORD``, ``apiKey``, ``client_secret``, ``pwd`` (not
    ``max_tokens``, not the shell's ``PWD``)."""
    return bool(_SECRET_KEY_SUFFIX.search(key)) and key.upper() not in _NOT_SECRET_KEYS and key not in _SHELL_DIRS


def _full_key(text: str, m: re.Match[str]) -> str:
    """The whole key the keyword ends: ``DB_PASSWORD`` for the match on ``PASSWORD``."""
    start = m.start("k")
    i = start
    while i > 0 and start - i < 64 and (text[i - 1].isalnum() or text[i - 1] in "_.-"):
        i -= 1
    if i > 0 and text[i - 1] == "\\" and text[i] in "nrt":
        i += 1  # the key follows a JSON escape (``\nAPI_KEY=``): the n is not part of it
    return text[i : m.end("k")]


def _token(value: str) -> bool:
    """One machine-made token: no spaces, high entropy, not base64 of text, not a dotted name."""
    value = value.strip()
    return (
        not any(c.isspace() for c in value)
        and high_entropy(value)
        and not decodes_to_text(value)
        and _DOTTED_REF.fullmatch(value) is None
    )


def _mixed(value: str) -> bool:
    """Digits, or upper and lower case in comparable numbers: ``hfCnuVcYOgiRjlDEmAoRbN`` is random, while
    ``UserProfileSettings`` (a capital a word) names something."""
    if any(c.isdigit() for c in value):
        return True
    letters = [c for c in value if c.isalpha()]
    upper = sum(c.isupper() for c in letters)
    return bool(letters) and 0.3 <= upper / len(letters) <= 0.7


_SETTER = re.compile(r"(?:set|with|put)(?=[A-Z_])|(?:SET|WITH|PUT)_")
_NAME_ATTRIBUTE = re.compile(r"(?i)(?:name|key)[ \t]{0,4}=[ \t]{0,4}[\"']\Z")
_PASSWORD_WORD = re.compile(r"(?i)passphrase|password|passwd|passcode|pswd|pwd|pass|pw|secret")


def assignment(text: str, m: re.Match[str], value: str) -> bool:
    """``key = value`` where the key names a secret: anything but a placeholder or a code reference."""
    bare = m.group("bare") is not None
    after = text[m.end() : m.end() + 2]
    if bare:
        # Code, not configuration: a call or an index (``token = tokens[0]``, ``password = getpass()``).
        if after[:1] in ("(", "["):
            return False
        # YAML / JSON style ``key: value`` must end the line (``Auth: uses OAuth`` is prose, not a setting).
        if m.group("sep") == ":" and _VALUE_END.match(text, m.end()) is None and not high_entropy(value):
            return False
    key = _full_key(text, m)
    before = text[max(0, m.end("k") - len(key) - 2) : m.end("k") - len(key)]
    if key.upper() in _NOT_SECRET_KEYS or before.endswith(("${", "%")) or is_placeholder(value):
        return False  # a placeholder, or the key sits in an expansion: ${DB_PASSWORD:-x}, %TOKEN%
    if key in _SHELL_DIRS and value.startswith(("/", "~")):
        return False
    if m.group("k").lower() == "key":
        # ``key`` alone names dict keys, cache keys, sort keys: only a machine-made value is a secret there
        return _token(value) and _mixed(value) and _PUBLIC_KEY.search(key) is None
    if value.startswith("-----BEGIN"):
        return private_key(text, m, value)  # a PEM block under a key name: its body decides
    verdict = _by_separator(text, m, key, value, bare)
    if verdict is not None:
        return verdict
    if not bare:
        return True  # a quoted literal
    if _DOTTED_REF.fullmatch(value) or _TYPE_NAMES.fullmatch(value):
        return False  # ``secret = config.secret``, ``password: str``
    if high_entropy(value):
        return True  # a machine-made credential, wherever the line goes on
    bare_ident = _IDENT.fullmatch(value) is not None
    if bare_ident and (after[:1] in (",", ")") or m.group("k").lower() in value.lower()):
        return False  # a keyword argument passed on: ``login(user, password=pw_input)``
    # ``token = the user's token`` is prose or an expression; ``password=abc make`` is a shell assignment.
    spaced = text[m.start("sep") - 1 : m.start("sep")] == " " or text[m.end("sep") : m.end("sep") + 1] == " "
    prose = spaced and after[:1] == " " and text[m.end() + 1 : m.end() + 2].isalpha()
    return not (bare_ident and prose and not key.isupper())


# -- the table ----------------------------------------------------------------------------------------


def _by_separator(text: str, m: re.Match[str], key: str, value: str, bare: bool) -> bool | None:
    """The verdict that the separator alone settles (a next-line value, a call, an element, a comparison,
    prose joiners); None when the ordinary assignment rules decide."""
    sep = m.group("sep").strip()
    if "\n" in m.group("sep"):
        # the value is quoted on the line after the name: the tie is looser, so only a machine-made token
        return _token(value) and _mixed(value) and _PUBLIC_KEY.search(key) is None
    if sep == "(":
        # ``setPassword("…")`` sets it; any other call named after a secret (``getToken("refresh")``,
        # ``.apiKey("…")``) may take a name as well as the secret: only a machine-made token counts there
        setter = _SETTER.match(key.rsplit(".", 1)[-1]) is not None
        return (setter and _PASSWORD_WORD.fullmatch(m.group("k")) is not None) or _token(value)
    if sep.endswith(">") and sep != "=>":
        # ``<string name="api_key">…</string>``, ``<entry key="password">…</entry>``; any other attribute
        # (``<input type="password">``, ``<label for="password">``) names a field, not the value
        if _NAME_ATTRIBUTE.search(text, max(0, m.end("k") - len(key) - 16), m.end("k") - len(key)) is None:
            return False
        return _PASSWORD_WORD.fullmatch(m.group("k")) is not None or _token(value)
    if sep == "is" and not bare and _PASSWORD_WORD.fullmatch(m.group("k")):
        return True  # ``the password is 'Secret123'``: quoted, it is the password itself
    if sep in ("", "is", "|", ",", "-"):
        # ``LicenseKey gKP8…``, ``the key is 2afd…``, ``("AccountKey", "…")``, ``token - '…'``: without an
        # assignment only a machine-made token counts (``Problem(401, "bad-credentials", "Try again.")`` is prose)
        return _token(value) and (sep in ("", "is", "|") or not bare)
    if sep.startswith(("==", "!=")):
        # ``token == "pinned"`` compares with a word: only a credential-looking value counts, except that what a
        # password or a secret is compared with is that password (``if password == "team10"``)
        if not bare and _PASSWORD_WORD.fullmatch(m.group("k")):
            return True
        return not bare and (high_entropy(value) or (looks_random(value) and len(value) >= 12))
    return None
