; Inno Setup script for Bazaar's Windows installer (CI runs it after PyInstaller, through
; build\windows\make_installer.ps1):
;   iscc /DAppVersion=0.1.0 /DAppFileVersion=0.1.0.0 build\windows\bazaar.iss
; It packs dist\bazaar\ into dist\bazaar-VERSION-windows-setup.exe. Setup installs for the
; current user without administrator rights (%LOCALAPPDATA%\Programs\Bazaar), or for everyone
; if the user chooses so, adds a Start-menu entry, offers a desktop shortcut, and registers an
; uninstaller in Settings > Apps. Saves live in %LOCALAPPDATA%\Bazaar and are never touched.
; It speaks English or Japanese, as Windows does (Japanese.isl is one of the translations Inno
; Setup ships), and asks only when Windows speaks neither. build\windows\check_installer.ps1
; installs, runs and uninstalls what it makes.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
; the setup program's binary version: up to four numbers (make_installer.ps1 passes the leading
; numbers of the version, as build/windows/version_resource.py gives the programs)
#ifndef AppFileVersion
  #define AppFileVersion AppVersion
#endif

[Setup]
AppId={{4289CD2A-B29D-4541-96FF-3B72B6ED06BC}
AppName=Bazaar
AppVersion={#AppVersion}
AppVerName=Bazaar {#AppVersion}
AppPublisher=Bazaar
AppCopyright=MIT License
DefaultDirName={autopf}\Bazaar
DefaultGroupName=Bazaar
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=bazaar-{#AppVersion}-windows-setup
SetupIconFile=..\icons\bazaar.ico
UninstallDisplayIcon={app}\bazaar.exe
UninstallDisplayName=Bazaar
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
; the language of Windows' own dialogs picks the installer's; the Select Language dialog only
; when that is neither English nor Japanese
LanguageDetectionMethod=uilanguage
ShowLanguageDialog=auto
; the setup program's own version resource (Properties > Details, SmartScreen), as the
; programs it installs carry theirs
VersionInfoVersion={#AppFileVersion}
VersionInfoCompany=Bazaar
VersionInfoProductName=Bazaar
VersionInfoProductTextVersion={#AppVersion}
VersionInfoDescription=Bazaar Setup
VersionInfoCopyright=MIT License

[Languages]
; Inno Setup's own translations; the texts below are Inno Setup's standard custom messages,
; which both files translate
Name: "en"; MessagesFile: "compiler:Default.isl"
Name: "ja"; MessagesFile: "compiler:Languages\Japanese.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\bazaar\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; an upgrade replaces the program folder's contents, so no file of an older version lingers
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{group}\Bazaar"; Filename: "{app}\bazaar.exe"
Name: "{group}\{cm:UninstallProgram,Bazaar}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Bazaar"; Filename: "{app}\bazaar.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\bazaar.exe"; Description: "{cm:LaunchProgram,Bazaar}"; Flags: nowait postinstall skipifsilent
