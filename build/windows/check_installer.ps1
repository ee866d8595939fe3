# Checks the installer make_installer.ps1 made, as someone running it would use it, on a
# Windows machine where Bazaar is not installed (CI's runner):
#   pwsh build\windows\check_installer.ps1 -Version 0.1.0
# - setup installs silently for the current user (/CURRENTUSER: %LOCALAPPDATA%\Programs\Bazaar,
#   Inno Setup's {userpf}), registers its uninstaller under the script's AppId with this version,
#   and adds the Start-menu entry;
# - both installed programs and the setup program carry the version resource: product Bazaar,
#   publisher Bazaar, this version;
# - the installed console tool plays a match (sim) with its saves in a temporary folder;
# - the uninstaller removes the folder, the Start-menu entry and the registration.
# Every program it starts is killed after a time limit, so a hang or a message box waiting for
# a click fails the check instead of stalling it. When a step fails after the install, Bazaar is
# uninstalled all the same.
param(
    [Parameter(Mandatory = $true)][string]$Version,
    # the setup program; by default the one make_installer.ps1 writes for this version
    [string]$Setup = "",
    [int]$InstallSeconds = 300,
    [int]$RunSeconds = 300,
    [int]$UninstallSeconds = 300
)
$ErrorActionPreference = "Stop"
Set-StrictMode -Version Latest

$root = Split-Path (Split-Path $PSScriptRoot)
if (-not $Setup) { $Setup = Join-Path $root "dist\bazaar-$Version-windows-setup.exe" }
if (-not (Test-Path -LiteralPath $Setup -PathType Leaf)) {
    throw "no installer at ${Setup}: run build\windows\make_installer.ps1 -Version $Version first"
}
$Setup = (Resolve-Path -LiteralPath $Setup).Path

# The binary version the programs and the setup program carry: the version's leading numbers,
# padded to four (0.1.0 -> 0.1.0.0), as build/windows/version_resource.py and make_installer.ps1
# work it out
$leading = [regex]::Match($Version, '^\d+(\.\d+)*')
if (-not $leading.Success) { throw "version $Version does not start with a number" }
$numbers = @($leading.Value -split '\.' | ForEach-Object { [long]$_ })
while ($numbers.Count -lt 4) { $numbers += 0 }
$fileVersion = $numbers[0..3] -join '.'

# bazaar.iss's AppId (its leading "{{" is Inno Setup's escaped "{"): the uninstall entry's key
$appId = "{4289CD2A-B29D-4541-96FF-3B72B6ED06BC}"
$uninstallKey = "HKCU:\Software\Microsoft\Windows\CurrentVersion\Uninstall\${appId}_is1"
$expected = Join-Path $env:LOCALAPPDATA "Programs\Bazaar"
$shortcut = Join-Path ([Environment]::GetFolderPath("Programs")) "Bazaar\Bazaar.lnk"

$work = Join-Path ([IO.Path]::GetTempPath()) ("bazaar-check-installer-" + [guid]::NewGuid().ToString("N"))
New-Item -ItemType Directory -Path $work | Out-Null

# Runs FilePath with Arguments (one command-line string), killed if it has not ended after
# Seconds; returns its exit code. Output goes to files in $work when Capture is given.
function Invoke-Bounded {
    param([string]$FilePath, [string]$Arguments, [int]$Seconds, [string]$Capture = "")
    $options = @{ FilePath = $FilePath; ArgumentList = $Arguments; PassThru = $true }
    if ($Capture) {
        $options.NoNewWindow = $true
        $options.RedirectStandardOutput = Join-Path $work "$Capture.out"
        $options.RedirectStandardError = Join-Path $work "$Capture.err"
    }
    $process = Start-Process @options
    $null = $process.Handle  # keeps the handle, without which ExitCode reads empty once it ends
    if (-not $process.WaitForExit($Seconds * 1000)) {
        Stop-Process -Id $process.Id -Force -ErrorAction SilentlyContinue
        throw "killed after $Seconds s (hung, or a message box waiting for a click): $FilePath $Arguments"
    }
    $process.WaitForExit()  # lets redirected output finish
    return $process.ExitCode
}

function Show-Log([string]$Path) {
    if (Test-Path -LiteralPath $Path) { Get-Content -LiteralPath $Path -Tail 40 | ForEach-Object { Write-Host "  $_" } }
}

function Get-Registration {
    Get-ItemProperty -Path $uninstallKey -ErrorAction SilentlyContinue
}

# Checks a file's version resource against what the spec (or bazaar.iss) gives it
function Assert-VersionInfo([string]$Path, [hashtable]$Strings) {
    $info = (Get-Item -LiteralPath $Path).VersionInfo
    $binary = "{0}.{1}.{2}.{3}" -f $info.FileMajorPart, $info.FileMinorPart, $info.FileBuildPart, $info.FilePrivatePart
    if ($binary -ne $fileVersion) { throw "${Path}: file version $binary, want $fileVersion" }
    foreach ($name in $Strings.Keys) {
        $found = $info.$name
        if ($found -ne $Strings[$name]) { throw "${Path}: $name '$found', want '$($Strings[$name])'" }
    }
    Write-Host "  $(Split-Path -Leaf $Path): $($info.ProductName) $($info.ProductVersion) ($binary), $($info.CompanyName)"
}

if (Test-Path -LiteralPath $expected) { throw "$expected exists: uninstall Bazaar before checking an installer" }
if (Get-Registration) { throw "Bazaar is registered as installed ($uninstallKey): uninstall it first" }

$uninstalled = $false
$uninstaller = $null
try {
    Write-Host "the setup program's version resource"
    Assert-VersionInfo $Setup @{ ProductName = "Bazaar"; CompanyName = "Bazaar"; ProductVersion = $Version }

    Write-Host "install: $Setup /VERYSILENT /CURRENTUSER"
    $log = Join-Path $work "setup.log"
    # /LANG=en: no Select Language dialog can wait for a click, whatever Windows speaks
    $code = Invoke-Bounded $Setup "/VERYSILENT /SUPPRESSMSGBOXES /NORESTART /CURRENTUSER /LANG=en /LOG=`"$log`"" $InstallSeconds
    if ($code -ne 0) { Show-Log $log; throw "setup exited $code" }

    $registration = Get-Registration
    if (-not $registration) { Show-Log $log; throw "setup registered no uninstaller at $uninstallKey" }
    $uninstaller = ([string]$registration.UninstallString).Trim('"')  # from here on, uninstalled at the end
    $folder = ([string]$registration.InstallLocation).TrimEnd('\')
    if ($folder -ne $expected) { throw "installed in $folder, want $expected (a current-user install)" }
    if ((Split-Path $uninstaller) -ne $folder -or -not (Test-Path -LiteralPath $uninstaller -PathType Leaf)) {
        throw "no uninstaller at $uninstaller"
    }
    if ($registration.DisplayVersion -ne $Version) {
        throw "registered version $($registration.DisplayVersion), want $Version"
    }
    Write-Host "  installed in $folder"
    $app = Join-Path $folder "bazaar.exe"
    $cli = Join-Path $folder "bazaar-cli.exe"
    foreach ($program in @($app, $cli)) {
        if (-not (Test-Path -LiteralPath $program -PathType Leaf)) { throw "no $program" }
    }
    if (-not (Test-Path -LiteralPath $shortcut -PathType Leaf)) { throw "no Start-menu entry at $shortcut" }

    Write-Host "the installed programs' version resources"
    $common = @{ ProductName = "Bazaar"; CompanyName = "Bazaar"; ProductVersion = $Version; LegalCopyright = "MIT License" }
    Assert-VersionInfo $app ($common + @{ FileDescription = "Bazaar"; OriginalFilename = "bazaar.exe" })
    Assert-VersionInfo $cli ($common + @{ FileDescription = "Bazaar command-line tools"; OriginalFilename = "bazaar-cli.exe" })

    Write-Host "the installed console tool: bazaar-cli sim jaipur"
    $saves = Join-Path $work "saves"  # ($HOME is PowerShell's own, read-only)
    New-Item -ItemType Directory -Path $saves | Out-Null
    $before = $env:BAZAAR_HOME
    $env:BAZAAR_HOME = $saves
    try {
        $code = Invoke-Bounded $cli "sim jaipur --seats easy,easy --games 1" $RunSeconds -Capture "sim"
    } finally {
        $env:BAZAAR_HOME = $before
    }
    $out = Get-Content -Raw -LiteralPath (Join-Path $work "sim.out")
    $err = Get-Content -Raw -LiteralPath (Join-Path $work "sim.err")
    if ($code -ne 0) { throw "bazaar-cli sim exited ${code}: $out $err" }
    if (-not $out -or -not $out.Trim()) { throw "bazaar-cli sim printed nothing: $err" }
    Write-Host "  $($out.Trim() -split "`n" | Select-Object -Last 1)"

    Write-Host "uninstall: $uninstaller /VERYSILENT"
    $log = Join-Path $work "uninstall.log"
    $code = Invoke-Bounded $uninstaller "/VERYSILENT /SUPPRESSMSGBOXES /NORESTART /LOG=`"$log`"" $UninstallSeconds
    $uninstalled = $true
    if ($code -ne 0) { Show-Log $log; throw "the uninstaller exited $code" }
    # The uninstaller hands the work to a copy of itself in TEMP and returns before that copy
    # has finished (Inno Setup's "Uninstaller Exit Codes"): wait, bounded, for the folder to go
    $deadline = (Get-Date).AddSeconds($UninstallSeconds)
    while ((Test-Path -LiteralPath $folder) -and (Get-Date) -lt $deadline) { Start-Sleep -Milliseconds 500 }
    if (Test-Path -LiteralPath $folder) {
        $left = Get-ChildItem -LiteralPath $folder -Recurse -Force | Select-Object -First 10 -ExpandProperty FullName
        Show-Log $log
        throw "the uninstaller left $folder behind: $($left -join ', ')"
    }
    while ((Get-Registration) -and (Get-Date) -lt $deadline) { Start-Sleep -Milliseconds 500 }
    if (Get-Registration) { throw "the uninstaller left its registration at $uninstallKey" }
    if (Test-Path -LiteralPath $shortcut) { throw "the uninstaller left the Start-menu entry $shortcut" }
    Write-Host "installer ok: installed, ran and uninstalled Bazaar $Version"
} finally {
    if (-not $uninstalled -and $uninstaller -and (Test-Path -LiteralPath $uninstaller -PathType Leaf)) {
        Write-Host "uninstalling after the failure"
        try {
            $null = Invoke-Bounded $uninstaller "/VERYSILENT /SUPPRESSMSGBOXES /NORESTART" $UninstallSeconds
        } catch {
            Write-Host "  the uninstaller failed too: $_"
        }
    }
    Remove-Item -LiteralPath $work -Recurse -Force -ErrorAction SilentlyContinue
}
